/** Outcome of one call of a load run: the status and the request id the gateway answered with. */
export interface CallRecord {
  status: number;
  requestId: string | null;
}

/** Calls `url` from `workers` loops until `stop()` resolves, then waits for the calls in flight. */
export const runLoad = async (url: string, apiKey: string, workers: number, until: Promise<void>): Promise<CallRecord[]> => {
  const records: CallRecord[] = [];
  let stopped = false;
  void until.then(() => (stopped = true));
  const worker = async () => {
    while (!stopped) {
      try {
        const res = await fetch(url, { headers: { 'x-api-key': apiKey }, signal: AbortSignal.timeout(60_000) });
        await res.arrayBuffer();
        records.push({ status: res.status, requestId: res.headers.get('x-request-id') });
      } catch {
        records.push({ status: 0, requestId: null });
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return records;
};
