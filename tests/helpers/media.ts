/**
 * Where the tests' servers and in-process seeds keep uploaded photos: a folder in the system's
 * temporary directory, never the repository's data folder. Photos are named by content, so runs
 * share it safely and a demo photo converted once is reused by every later seed.
 */
import os from 'node:os';
import path from 'node:path';

/** Absolute path of the tests' MEDIA_DIR. */
export const TEST_MEDIA_DIR = path.join(os.tmpdir(), 'farmfresh-test-media');
