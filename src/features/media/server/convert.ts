/**
 * Photo conversion with sharp in a worker thread, one photo at a time: a queue in front of one
 * worker, so a burst of uploads takes one core and one photo's memory, and the server's event
 * loop never waits on a decode. The worker decodes at most MAX_PHOTO_PIXELS (sharp's
 * `limitInputPixels`, checked from the header before any pixel is decoded), turns the picture
 * upright by its EXIF orientation (`autoOrient`), and writes WebP at each width. sharp writes no
 * metadata unless asked (keepMetadata / withMetadata), so EXIF, GPS, XMP and ICC blocks are all
 * dropped; colours are converted to sRGB first.
 *
 * The worker's code is a small CommonJS script run with `eval: true`: the server is a bundle
 * (dist/server), where a worker file of its own would need the bundler's help to exist; sharp is
 * loaded from the path this module resolves.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { logger } from '#lib/log.ts';

/** One rendition of a converted photo: its size in px and its WebP bytes. */
export interface Rendition {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Why a conversion failed: not JPEG, PNG or WebP; too many pixels; bytes that do not decode. */
export type ConvertFailure = 'type' | 'pixels' | 'undecodable';

/** A conversion that failed for one of the reasons the uploader is told. */
export class ConvertError extends Error {
  readonly reason: ConvertFailure;
  constructor(reason: ConvertFailure, detail: string) {
    super(detail);
    this.name = 'ConvertError';
    this.reason = reason;
  }
}

/** What the worker is asked: the input bytes, the widths (ascending), the pixel limit and the WebP quality. */
interface Task {
  id: number;
  input: Uint8Array;
  widths: readonly number[];
  maxPixels: number;
  quality: number;
}

type Reply =
  | { id: number; ok: true; renditions: Rendition[] }
  | { id: number; ok: false; reason: ConvertFailure | 'error'; detail: string };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const sharp = require(workerData.sharpPath);
sharp.cache(false);
const FORMATS = ['jpeg', 'png', 'webp'];
function reasonOf(message) {
  if (/pixel limit/i.test(message)) return 'pixels';
  if (/unsupported image format/i.test(message)) return 'type';
  return 'undecodable';
}
async function convert({ input, widths, maxPixels, quality }) {
  const options = { limitInputPixels: maxPixels, autoOrient: true, failOn: 'error' };
  const meta = await sharp(input, options).metadata();
  if (!FORMATS.includes(meta.format)) throw Object.assign(new Error('format ' + meta.format), { reason: 'type' });
  const upright = meta.autoOrient || { width: meta.width, height: meta.height };
  const largest = Math.min(upright.width, widths[widths.length - 1]);
  const targets = widths.filter((w) => w < largest).concat(largest);
  const renditions = [];
  for (const width of targets) {
    const { data, info } = await sharp(input, options)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    renditions.push({ width: info.width, height: info.height, data });
  }
  return renditions;
}
parentPort.on('message', async (task) => {
  try {
    const renditions = await convert(task);
    parentPort.postMessage({ id: task.id, ok: true, renditions });
  } catch (err) {
    const detail = String((err && err.message) || err);
    parentPort.postMessage({ id: task.id, ok: false, reason: (err && err.reason) || reasonOf(detail), detail });
  }
});
`;

let worker: Worker | null = null;
let nextId = 1;
/** The end of the queue: each conversion starts when the one before it has settled. */
let tail: Promise<unknown> = Promise.resolve();

/** The worker, started on first use; unref'd, so an idle worker never keeps the process alive. */
function getWorker(): Worker {
  if (worker) return worker;
  const sharpPath = createRequire(import.meta.url).resolve('sharp');
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { sharpPath } });
  started.unref();
  started.on('exit', () => {
    if (worker === started) worker = null;
  });
  worker = started;
  return started;
}

/** Runs one task on the worker; a worker that dies mid-task fails it (and is replaced for the next). */
function run(task: Task): Promise<Rendition[]> {
  return new Promise((resolve, reject) => {
    const w = getWorker();
    const cleanup = () => {
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
    };
    const onMessage = (reply: Reply) => {
      if (reply.id !== task.id) return;
      cleanup();
      if (reply.ok) resolve(reply.renditions);
      else if (reply.reason === 'error') reject(new Error(reply.detail));
      else reject(new ConvertError(reply.reason, reply.detail));
    };
    const onError = (err: Error) => {
      cleanup();
      logger.error({ err }, 'photo conversion worker failed');
      if (worker === w) worker = null;
      reject(err);
    };
    const onExit = (code: number) => {
      cleanup();
      if (worker === w) worker = null;
      reject(new Error(`photo conversion worker exited with code ${code}`));
    };
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    w.postMessage(task);
  });
}

/**
 * Converts one photo to WebP renditions at `widths` (ascending; none wider than the photo, whose
 * own width is the largest when it is narrower than the last), queued behind any conversion
 * already running. Rejects with a ConvertError for a photo the uploader must change.
 */
export function convertPhoto(
  input: Uint8Array,
  options: { widths: readonly number[]; maxPixels: number; quality: number },
): Promise<Rendition[]> {
  const task: Task = { id: nextId++, input, ...options };
  const result = tail.then(() => run(task));
  tail = result.catch(() => undefined);
  return result;
}
