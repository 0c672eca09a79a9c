// One JSON request to the Warpath HTTP API, shared by the lobby and the game connection.
// Resolves to { status, ok, data, error } where `error` is the server's {code, message, version?,
// retry_after?, ...} (or a synthetic one for a non-JSON failure); rejects only when the server
// cannot be reached. `headers` adds request headers (the session's X-CSRF-Token).
export async function requestJson(fetchImpl, url, { method = 'GET', body, token = '', timeoutMs, headers: extra = {} } = {}) {
  const headers = { Accept: 'application/json', ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetchImpl(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
    signal: timeoutMs && typeof AbortSignal !== 'undefined' && AbortSignal.timeout ? AbortSignal.timeout(timeoutMs) : undefined,
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  const reported = (data && data.error) || {};
  const error = response.ok
    ? null
    : { ...reported, code: reported.code || `http_${response.status}`, message: reported.message || `HTTP ${response.status}`, version: reported.version };
  return { status: response.status, ok: response.ok, data, error };
}
