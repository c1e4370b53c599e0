import { AppError } from "../errors";

/** One upload's budget: every file and every zip entry of it draws on the same counters. */
export interface UploadLimits {
  /** File bytes received (zips as sent), UPLOAD_MAX_MB. */
  maxBytes: number;
  /** Files: plain files plus every zip entry that is not a folder, UPLOAD_MAX_FILES. */
  maxFiles: number;
  /** Bytes written to disk for import: plain files plus unpacked entries, UPLOAD_MAX_UNPACKED_MB. */
  maxUnpackedBytes: number;
  /** Largest unpacked:packed ratio of one zip entry (deflate tops out near 1032:1), UPLOAD_MAX_RATIO. */
  maxRatio: number;
}

export function uploadLimits(settings: {
  UPLOAD_MAX_MB: number;
  UPLOAD_MAX_FILES: number;
  UPLOAD_MAX_UNPACKED_MB: number;
  UPLOAD_MAX_RATIO: number;
}): UploadLimits {
  return {
    maxBytes: settings.UPLOAD_MAX_MB * 1_048_576,
    maxFiles: settings.UPLOAD_MAX_FILES,
    maxUnpackedBytes: settings.UPLOAD_MAX_UNPACKED_MB * 1_048_576,
    maxRatio: settings.UPLOAD_MAX_RATIO,
  };
}

/**
 * What the whole request body may weigh: the file bytes plus room for multipart headers and the
 * `paths` fields (about 2 KiB a file). Checked against Content-Length before reading and against the
 * bytes actually received while reading, so a chunked body cannot grow past it either.
 */
export function bodyAllowance(limits: UploadLimits): number {
  return limits.maxBytes + 1_048_576 + 2048 * Math.min(limits.maxFiles, 1_000_000);
}

/**
 * Ratios are only judged on entries big enough to matter: a 300 KB file of repeated lines may well
 * pack 500:1, but cannot hurt; the unpacked budget bounds the sum of the small ones.
 */
const RATIO_MIN_BYTES = 1_048_576;

const mb = (bytes: number) =>
  bytes >= 10 * 1_048_576 ? Math.round(bytes / 1_048_576) : (bytes / 1_048_576).toFixed(1);

export class UploadBudget {
  received = 0;
  files = 0;
  unpacked = 0;

  constructor(readonly limits: UploadLimits) {}

  /** File bytes as they arrive off the network. */
  receive(bytes: number): void {
    this.received += bytes;
    if (this.received > this.limits.maxBytes) this.refuseBytes();
  }

  /** The upload is over its byte budget (also used for a body whose headers and fields run over). */
  refuseBytes(): never {
    throw new AppError("ingest:too_large", {
      userMessage: `업로드 용량이 한도를 넘습니다 (최대 ${mb(this.limits.maxBytes)}MB). 큰 말뭉치는 서버에서 'npm run ingest'로 가져오세요.`,
    });
  }

  /** One more file in the upload (a plain file or a zip entry, kept or skipped). */
  addFile(): void {
    this.files += 1;
    if (this.files > this.limits.maxFiles) {
      throw new AppError("ingest:too_large", {
        userMessage: `파일이 너무 많습니다 (zip 안의 항목을 포함해 한 번에 최대 ${this.limits.maxFiles}개).`,
      });
    }
  }

  /**
   * Judges a zip's central directory before anything is inflated: each entry's declared ratio, and
   * the declared sizes together with what is already on disk.
   */
  checkDeclared(label: string, entries: { name: string; compressedSize: number; uncompressedSize: number }[]): void {
    let total = this.unpacked;
    for (const entry of entries) {
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_MIN_BYTES && ratio > this.limits.maxRatio) {
        throw new AppError("ingest:too_large", {
          userMessage: `${label}: 압축률이 비정상적으로 높은 항목이 있어 거부했습니다 (${entry.name}: ${mb(entry.compressedSize)}MB → ${mb(entry.uncompressedSize)}MB, ${Math.round(ratio)}:1, 최대 ${this.limits.maxRatio}:1). 압축 폭탄일 수 있습니다.`,
        });
      }
      total += entry.uncompressedSize;
      if (total > this.limits.maxUnpackedBytes) this.unpackedTooLarge(label);
    }
  }

  /** Bytes actually written to disk (inflated bytes are counted as they come: declared sizes can lie). */
  write(label: string, bytes: number): void {
    this.unpacked += bytes;
    if (this.unpacked > this.limits.maxUnpackedBytes) this.unpackedTooLarge(label);
  }

  private unpackedTooLarge(label: string): never {
    throw new AppError("ingest:too_large", {
      userMessage: `${label}: 압축을 풀면 업로드 한도를 넘습니다 (풀린 용량 최대 ${mb(this.limits.maxUnpackedBytes)}MB).`,
    });
  }
}
