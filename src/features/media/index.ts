/**
 * The media feature's server surface: storing a photo (the upload route and the demo shop's seed
 * use the same function) and reading a stored photo's file to serve it.
 */
export { readPhotoFile, storeImage } from './server/store.ts';
