import { Agent, request } from 'node:http';

/**
 * `calls` calls of `url`, one at a time over one kept-alive connection, each timed with the high-resolution clock
 * (autocannon's latencies are whole milliseconds, so a sub-millisecond call would read 0): their times in ms, in
 * order. A call answered other than 200 fails the whole.
 */
export const oneAtATime = async (url: string, apiKey: string, calls: number): Promise<number[]> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const began = process.hrtime.bigint();
      const req = request(url, { agent, headers: { 'x-api-key': apiKey } }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(Number(process.hrtime.bigint() - began) / 1e6)
            : reject(new Error(`call answered ${res.statusCode}`)),
        );
      });
      req.on('error', reject);
      req.end();
    });
  try {
    const times: number[] = [];
    for (let i = 0; i < calls; i++) times.push(await once());
    return times;
  } finally {
    agent.destroy();
  }
};
