/**
 * The media feature's server surface: storing a photo (the upload route and the demo shop's seed
 * use the same function), reading a stored photo's file to serve it, and the conversion itself
 * (sharp in a worker: upright, metadata dropped, WebP) for features that keep photos of their own.
 */
export { ConvertError, convertPhoto } from './server/convert.ts';
export { readPhotoFile, sniffPhotoType, storeImage } from './server/store.ts';
