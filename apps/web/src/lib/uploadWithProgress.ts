import { garantirCsrf } from "./api";

/** What the server answered an upload: `status` 0 when no answer came (no network); `body` its JSON, or null. */
export type TUploadAnswer = { status: number; body: unknown };

/**
 * POSTs a multipart form with the session cookie and the CSRF header, as every other write, and reports the upload's
 * progress (0 to 1): XMLHttpRequest, because fetch cannot report it. Resolves with whatever the server answered; each
 * caller reads its own success and refusal.
 */
export async function uploadWithProgress(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<TUploadAnswer> {
  const csrf = await garantirCsrf();
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    if (csrf) xhr.setRequestHeader("X-CSRF-Token", csrf);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON (a proxy's error page): the caller's own message stands
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.send(form);
  });
}
