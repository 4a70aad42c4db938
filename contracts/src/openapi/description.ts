// The document's front page: what holds for every operation. Each operation's own rules are in its declaration.

export const apiDescription = `UK property, land-registry, location and market data for server-side callers holding an API key.

**Authentication.** Send the key in the \`X-API-Key\` header, from server-side code only. The key is checked before
anything else about a request: without a valid key the answer is 401 whatever the path, method or body (the body is
not read), and it carries \`X-Credits-Charged: 0\` only, since the caller is not known.

**Billing.** Each successful chargeable call deducts prepaid credits. Every authenticated response carries
\`X-Credits-Charged\` (0 for failed and free calls), \`X-Credits-Remaining\` (the ledger balance after the call)
and \`X-Credits-Refresh-At\` (omitted for trial and non-renewing balances). Successful chargeable JSON responses also
carry the \`billing\` object. Each operation's cost is in its description and in \`x-credit-cost\`, whose \`charging\`
says when the balance is checked: \`reserve_first\` operations hold their credits before the work starts (a caller
short of credits gets 402 before anything is done) and take them with the answer; \`on_answer\` operations, computed
from the service's own data, check and take them in one step once the answer is ready, so a caller short of credits
gets 402 after the input is checked and after any refusal the work itself gives (such as 404). Either way a failed
call is charged nothing. Every call is run and answered in full: answers carry no \`ETag\`, and \`If-None-Match\`
and \`If-Modified-Since\` are ignored (never a 304 for a call that was charged).

**Retrying safely (\`Idempotency-Key\`).** Every operation charged per call, GET included, takes an optional
\`Idempotency-Key\` header (8 to 128 printable ASCII characters, e.g. a UUID; a malformed one is 400
\`INVALID_IDEMPOTENCY_KEY\`). Within 24 hours of the first call, a repeat with the same key, from the same account, to
the same operation with the same parameters gets the first answer again (the same status and body, \`billing\` and
\`X-Credits-Charged\` saying what the first call was charged, the balance as it is now, and
\`Idempotent-Replayed: true\`) and is charged nothing more; a repeat sent while the first is still running waits
for it. Parameters are compared as the operation reads them, after validation and normalisation: \`postcode= rg302an\`
and \`postcode=RG30 2AN\` are the same request. The same key with another operation or other parameters is refused,
free: 422 \`IDEMPOTENCY_KEY_REUSED\`. Only an answer is kept: after a refusal (a 4xx, 402, 502, 504) the key is free,
and a retry with it is evaluated afresh. After a 503 or 500, or a connection lost before the answer, retry with the
same key: if the first call was charged, the retry is answered without charging again; if not, it runs once. After
24 hours the key is free again. Keys are per account, and separate from the keys of orders and reports.

**Rate limits.** Per plan, per minute, per UK calendar day and per UK calendar month (Basic 10/500/5,000,
Standard 30/2,000/30,000, Premium 100/5,000/100,000, Enterprise as agreed), shared by every gateway instance.
The minute is any 60 seconds: no more than the per-minute limit is admitted in any 60 s, and each admitted request
counts until 60 s after it. Every authenticated response carries \`X-RateLimit-Limit\` (the per-minute limit),
\`X-RateLimit-Remaining\` (requests admissible now before any limit refuses) and \`X-RateLimit-Reset\` (Unix seconds
when the tightest limit next frees capacity: for the minute, 60 s after the oldest request it counts; on a 429, when a
request will be admitted again). Over a limit the answer is 429 \`RATE_LIMITED\` with \`Retry-After\` (whole seconds
until a request will be admitted); it charges nothing and does not count against the limit. Every authenticated
request that is admitted counts, including ones answered with a 4xx.

**Errors.** Every error answers \`{"success": false, "error": {"code", "message", "details?", "retryAfter?"}}\`. Codes
are stable, and each operation lists the codes it answers with under each status; \`details\` names the failing
fields; \`retryAfter\` (ISO 8601) says when to try again. Every 429 and 503 carries \`Retry-After\` (seconds). Besides
each operation's codes, any request under \`/api/v1\` may get:
- 404 \`NOT_FOUND\`: no such path (with a valid key; without one, 401);
- 405 \`METHOD_NOT_ALLOWED\`: the path exists but not with this method, \`HEAD\` included (a \`HEAD\` never runs or
  charges a call); \`Allow\` lists the methods it has;
- 400 \`INVALID_PARAMETERS\`: the path is not valid percent-encoding, the body is not valid JSON, or a query parameter
  the operation does not take (misspelt or not, it is refused rather than ignored);
- 413 \`PAYLOAD_TOO_LARGE\`: a body over 100 kB; 415 \`UNSUPPORTED_MEDIA_TYPE\`: a body that is not
  \`application/json\` (any other type, \`text/plain\` included) or not in UTF-8 (UTF-16 and UTF-32 too), or with a
  \`Content-Encoding\` other than gzip, deflate or br;
- 431 \`REQUEST_HEADER_FIELDS_TOO_LARGE\`: request headers over 16 kB in all (answered before the key is read).
Nothing is charged for any of these.

**Tracing.** Each response carries \`X-Request-Id\` (send your own to correlate; 1 to 100 characters of
\`[A-Za-z0-9._-]\`) and \`traceparent\` (W3C trace context).

**Reading it.** \`/docs\` renders this document.`;
