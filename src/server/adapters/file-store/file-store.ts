// Where the bytes of job photos and files live (docs/rules/team.md#photos-and-files). The database is the default:
// the bytes sit in the attachment's own row, so any number of stateless instances share them with nothing else to
// run. With S3_ENDPOINT and S3_BUCKET set, new uploads go to that S3-compatible object storage instead; rows keep
// saying where their bytes are, so the two may live side by side.
import type { Config } from '../../config';
import { createS3Store } from './s3-store';

/** An object storage: put, read and remove one object by its key. Failures are thrown as our 502/503 (s3-store.ts). */
export interface ObjectStore {
  readonly kind: 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when the store has no such object. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; one already gone is fine. */
  delete(key: string): Promise<void>;
}

/** The configured object storage, or null: the bytes then stay in the database. */
export function createObjectStore(config: Pick<Config, 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>): ObjectStore | null {
  if (!config.S3_ENDPOINT || !config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) return null;
  return createS3Store({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
