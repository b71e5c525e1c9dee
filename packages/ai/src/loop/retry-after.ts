/**
 * The openai client honours `Retry-After` however long it is, in a wait the abort signal does not
 * interrupt. For a person waiting on a chat answer a server asking for more than `maxWaitMs` is as
 * good as a failure, so such answers are marked not retryable (`x-should-retry: false`) and the
 * user is told at once instead of after minutes.
 */
export function capRetryAfter(fetchImpl: typeof fetch, maxWaitMs: number): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.ok) return response;
    const wait = retryAfterMs(response.headers);
    if (wait === undefined || wait <= maxWaitMs) return response;
    const headers = new Headers(response.headers);
    headers.set("x-should-retry", "false");
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

function retryAfterMs(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (!Number.isNaN(ms)) return ms;
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date - Date.now();
}
