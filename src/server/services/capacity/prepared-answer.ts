import zlib from 'node:zlib';

/** The encodings a prepared answer is kept in, in the server's order of preference. */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/**
 * How every answer is compressed, prepared ones here and the rest by @fastify/compress (app.ts
 * registers it with these): below 1 KB an answer goes out as it is; brotli at quality 4 costs
 * about as much as gzip and packs tighter.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
export const BROTLI_QUALITY = 4;

/**
 * A board answer serialized once and sent many times (the warm path of a wall of screens,
 * issue 13). Each encoding a caller accepts is made on first use and kept with the text, so a
 * browser's poll costs neither serialization nor compression: compressing the 1.4 KB board
 * answer per request took longer than everything else the request does.
 */
export class PreparedAnswer {
  readonly json: string;
  readonly byteLength: number;
  readonly #encoded = new Map<AnswerEncoding, Buffer>();

  constructor(json: string) {
    this.json = json;
    this.byteLength = Buffer.byteLength(json);
  }

  /** Worth compressing at all (the threshold the app uses for every answer). */
  get compressible(): boolean {
    return this.byteLength >= COMPRESSION_THRESHOLD_BYTES;
  }

  /** The answer in `encoding`, compressed the first time it is asked for. */
  encoded(encoding: AnswerEncoding): Buffer {
    let bytes = this.#encoded.get(encoding);
    if (bytes === undefined) {
      bytes =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.json, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.byteLength,
              },
            })
          : zlib.gzipSync(this.json);
      this.#encoded.set(encoding, bytes);
    }
    return bytes;
  }
}
