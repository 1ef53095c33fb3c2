import { unwrap } from './api-error';

/** A file as the API sent it, under the name its `content-disposition` header gave. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * A file answer (openapi-fetch with `parseAs: 'blob'`) as the file and the name the server gave
 * it; `fallback` says what to call it, or throws, when the server gave none. Throws an ApiError for
 * a refusal.
 */
export function downloadedFile(result: { data?: Blob; error?: unknown; response: Response }, fallback: () => string): DownloadedFile {
  const blob = unwrap(result);
  return { blob, fileName: fileNameFromContentDisposition(result.response.headers.get('content-disposition')) ?? fallback() };
}

/**
 * The file name in a `content-disposition` header (RFC 6266): `filename*=UTF-8''…` (percent-encoded)
 * when given, else `filename="…"` or an unquoted `filename=…`. Only the last part of a path is
 * kept, so a name can never point outside the downloads folder. Null when there is none.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]+)/i.exec(header)?.[1];
  if (extended) {
    const name = decodeExtendedValue(extended.trim());
    if (name) return clean(name);
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  if (quoted !== undefined) return clean(quoted.replace(/\\(.)/g, '$1'));
  const plain = /(?:^|;)\s*filename\s*=\s*([^;"\s][^;]*)/i.exec(header)?.[1];
  if (plain !== undefined) return clean(plain);
  return null;
}

/** `charset'language'percent-encoded` (RFC 8187): UTF-8 or ISO-8859-1. */
function decodeExtendedValue(value: string): string | null {
  const match = /^([A-Za-z0-9!#$%&+^_`{}~-]+)'[^']*'(.*)$/.exec(value.replace(/^"(.*)"$/, '$1'));
  if (!match) return null;
  const [, charset = '', encoded = ''] = match;
  try {
    if (charset.toLowerCase() === 'utf-8') return decodeURIComponent(encoded);
    if (charset.toLowerCase() === 'iso-8859-1') {
      return encoded.replace(/%([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  } catch {
    return null;
  }
  return null;
}

function clean(name: string): string | null {
  const last = name.split(/[/\\]/).at(-1)?.trim() ?? '';
  return last === '' || last === '.' || last === '..' ? null : last;
}
