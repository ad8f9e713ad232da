import { createHash, randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { entityTooLarge } from './errors.ts';

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface WrittenFile {
  /** The file's version id: where its bytes live, and storage.objects.version. */
  version: string;
  size: number;
  /** Quoted MD5 of the content, as S3 and Storage give it. */
  eTag: string;
}

/** An upload stream refused for its size while it was being written. */
class TooLarge extends Error {}

/**
 * Where object contents live: `<root>/objects/<2 hex>/<version>`, one file per version,
 * named by a fresh UUID and never by the object's key (no key can name a path outside the
 * folder, and moving an object renames nothing). A new version is written to `<root>/tmp`
 * and renamed into place whole; the database row names the version it serves, and a
 * replaced or deleted version's file is removed once the row no longer names it.
 */
export class FileStore {
  private readonly objects: string;
  private readonly tmp: string;

  constructor(readonly root: string) {
    this.objects = path.join(root, 'objects');
    this.tmp = path.join(root, 'tmp');
  }

  /** Removes what interrupted writes left in tmp. Folders are made on the first write. */
  async prepare(): Promise<void> {
    await fs.rm(this.tmp, { recursive: true, force: true });
  }

  pathOf(version: string): string {
    if (!VERSION.test(version)) throw new Error(`not a version id: ${version}`);
    return path.join(this.objects, version.slice(0, 2), version);
  }

  /**
   * Writes `body` as a new version, streaming: more than `limit` bytes stops the write
   * (413) and nothing stays behind; so does a body that breaks off or any other failure.
   */
  async write(body: AsyncIterable<Uint8Array> | Readable, limit: number): Promise<WrittenFile> {
    const version = randomUUID();
    const temp = path.join(this.tmp, `${version}.part`);
    const hash = createHash('md5');
    let size = 0;
    await fs.mkdir(this.tmp, { recursive: true, mode: 0o700 });
    const meter = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
        size += chunk.length;
        if (size > limit) return done(new TooLarge());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const file = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    try {
      const source = body instanceof Readable ? body : Readable.from(body, { objectMode: false });
      await pipeline(source, meter, file);
      await this.place(temp, version);
    } catch (error) {
      // The file may still be opening when the body fails: removed before that open lands,
      // it would be created again afterwards and stay behind. So: closed first, then removed.
      if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
      await fs.rm(temp, { force: true });
      if (error instanceof TooLarge) throw entityTooLarge().withConnectionClose();
      throw error;
    }
    return { version, size, eTag: `"${hash.digest('hex')}"` };
  }

  /** A new version with the same content as `version` (a copy, the file system may share blocks). */
  async copy(version: string): Promise<string> {
    await fs.mkdir(this.tmp, { recursive: true, mode: 0o700 });
    const copy = randomUUID();
    const temp = path.join(this.tmp, `${copy}.part`);
    try {
      await fs.copyFile(this.pathOf(version), temp, constants.COPYFILE_FICLONE);
      await this.place(temp, copy);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
    return copy;
  }

  /**
   * Moves a finished temporary file to its version's place, durably: its bytes, then its
   * name, reach the disk before the row that will name it is written (a crash can leave an
   * unnamed file behind, never a row naming a missing or partial one).
   */
  private async place(temp: string, version: string): Promise<void> {
    const file = await fs.open(temp, 'r+');
    try {
      await file.sync();
    } finally {
      await file.close();
    }
    const target = this.pathOf(version);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fs.rename(temp, target);
    const folder = await fs.open(path.dirname(target), 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }

  /** Removes versions no row names any more; a missing file is already gone. */
  async remove(versions: Iterable<string | null | undefined>): Promise<void> {
    for (const version of versions) {
      if (version && VERSION.test(version)) await fs.rm(this.pathOf(version), { force: true });
    }
  }

  /** A stored version opened for reading (its size, and a stream of a range of it), or null when its file is missing. */
  async open(version: string): Promise<OpenVersion | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(version), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    let size: number;
    try {
      size = (await handle.stat()).size;
    } catch (error) {
      await handle.close();
      throw error;
    }
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await handle.close();
    };
    return { size, close, stream: (start, end) => streamOf(handle, start, end, close) };
  }
}

export interface OpenVersion {
  size: number;
  /** Bytes `start` to `end` inclusive, as a web stream; the file closes when it ends or is cancelled. */
  stream(start: number, end: number): ReadableStream<Uint8Array>;
  close(): Promise<void>;
}

/**
 * A range of an open file as a web stream, read a chunk at a time through the shared
 * download schedule (see `turn`), so that many downloads never take the event loop from
 * the rest of the gateway.
 */
function streamOf(handle: fs.FileHandle, start: number, end: number, close: () => Promise<void>): ReadableStream<Uint8Array> {
  let position = start;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const release = await turn();
      try {
        const length = Math.min(CHUNK_BYTES, end - position + 1);
        const buffer = Buffer.allocUnsafe(Math.max(length, 0));
        const { bytesRead } = length > 0 ? await handle.read(buffer, 0, length, position) : { bytesRead: 0 };
        position += bytesRead;
        if (bytesRead > 0) controller.enqueue(buffer.subarray(0, bytesRead));
        // Done, or the file shrank (only something outside the service could do that).
        if (bytesRead === 0 || position > end) {
          controller.close();
          await close();
        }
      } catch (error) {
        await close();
        throw error;
      } finally {
        release();
      }
    },
    cancel: close,
  });
}

/** Bytes read per step of a download. */
const CHUNK_BYTES = 64 * 1024;
/** Download steps in flight at once, across every download. */
const MAX_STEPS = 2;
let steps = 0;
const waiting: (() => void)[] = [];

/**
 * Waits for a download step's turn, and returns how to end it. At most MAX_STEPS steps run at
 * once, and a step's place passes on only on a later timer tick: downloads together move
 * about 2 x 64 KB a millisecond (some 100 MB/s, plenty for a local stack), and whatever else
 * the gateway has to do (an /api read, a database reply) runs in between, however many
 * downloads there are (bench/storage.ts: /api p95 with 100 parallel downloads).
 */
function turn(): Promise<() => void> {
  const release = () =>
    setTimeout(() => {
      const next = waiting.shift();
      if (next) next();
      else steps -= 1;
    });
  if (steps < MAX_STEPS) {
    steps += 1;
    return Promise.resolve(release);
  }
  return new Promise((resolve) => waiting.push(() => resolve(release)));
}
