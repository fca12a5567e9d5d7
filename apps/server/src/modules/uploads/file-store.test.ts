import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createFileStore, LocalFileStore, StoredFileMissing, type FileStore } from './file-store.js';
import { S3FileStore } from './s3-file-store.js';
import { pngImage } from '../../test/sample-files.js';

const KEY = '0190f5c2-7a1e-7cc3-9d2b-3f6a2b1c0d4e';

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** The behaviour every store must have. */
function behavesAsAFileStore(name: string, make: () => FileStore) {
  describe(`${name}: the FileStore contract`, () => {
    it('gives back exactly the bytes it was given', async () => {
      const store = make();
      const data = pngImage(64, 64);
      await store.put(KEY, data, 'image/png');
      expect(Buffer.concat(await (await store.get(KEY)).toArray())).toEqual(data);
    });

    it('replaces the bytes under a key on a second put', async () => {
      const store = make();
      await store.put('replaced-key-01', Buffer.from('first'), 'application/pdf');
      await store.put('replaced-key-01', Buffer.from('second'), 'application/pdf');
      expect(await text(await store.get('replaced-key-01'))).toBe('second');
    });

    it('answers StoredFileMissing for a key that holds nothing, and after delete', async () => {
      const store = make();
      await expect(store.get('never-stored-key')).rejects.toBeInstanceOf(StoredFileMissing);
      await store.put('deleted-key-0001', Buffer.from('x'), 'image/gif');
      await store.delete('deleted-key-0001');
      await expect(store.get('deleted-key-0001')).rejects.toBeInstanceOf(StoredFileMissing);
      // Deleting what is not there is not an error.
      await store.delete('deleted-key-0001');
    });

    it.each(['../../etc/passwd', 'a/b/c-d-e-f-g', '.hidden-file', 'short', '', 'key with spaces', 'x'.repeat(200), 'ключ-не-ascii'])(
      'refuses the key %j',
      async (key) => {
        const store = make();
        await expect(store.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow('invalid storage key');
        await expect(store.get(key)).rejects.toThrow('invalid storage key');
        await expect(store.delete(key)).rejects.toThrow('invalid storage key');
      },
    );
  });
}

describe('LocalFileStore', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-files-'));
  const root = path.join(base, 'uploads');
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  behavesAsAFileStore('LocalFileStore', () => new LocalFileStore(root));

  it('creates nothing until the first write', () => {
    const store = new LocalFileStore(path.join(base, 'not-yet'));
    expect(store.root).toBe(path.join(base, 'not-yet'));
    expect(fs.existsSync(path.join(base, 'not-yet'))).toBe(false);
  });

  it('shards files into two levels of hashed folders under its root, leaving no temporary files', async () => {
    const store = new LocalFileStore(root);
    await store.put(KEY, Buffer.from('bytes'), 'image/png');
    const file = store.pathOf(KEY);
    expect(path.relative(root, file)).toMatch(new RegExp(`^[0-9a-f]{2}\\${path.sep}[0-9a-f]{2}\\${path.sep}${KEY}$`));
    expect(fs.readFileSync(file, 'utf8')).toBe('bytes');
    expect(filesUnder(root).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('is chosen when no S3 bucket is configured, under DATA_DIR/uploads', async () => {
    const store = await createFileStore({ dataDir: base, s3: undefined });
    expect(store).toBeInstanceOf(LocalFileStore);
    expect((store as LocalFileStore).root).toBe(root);
  });
});

describe('S3FileStore against s3rver', () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'tessera-test' }] });
  let endpoint = '';
  const stores: FileStore[] = [];
  const options = () => ({
    bucket: 'tessera-test',
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  const make = () => {
    const store = new S3FileStore(options());
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  behavesAsAFileStore('S3FileStore', make);

  it('stores objects under the uploads/ prefix with their content type', async () => {
    await make().put(KEY, pngImage(), 'image/png');
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const head = await client.send(new HeadObjectCommand({ Bucket: 'tessera-test', Key: `uploads/${KEY}` }));
    client.destroy();
    expect(head.ContentType).toBe('image/png');
    expect(head.ContentLength).toBe(pngImage().length);
  });

  it('is chosen when a bucket is configured', async () => {
    const store = await createFileStore({ dataDir: '/nonexistent', s3: options() });
    stores.push(store);
    expect(store).toBeInstanceOf(S3FileStore);
  });

  it('refuses half a pair of credentials', () => {
    expect(() => new S3FileStore({ ...options(), secretAccessKey: undefined })).toThrow('both an access key id and a secret');
  });
});
