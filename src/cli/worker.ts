/** `surfcd worker --queue redis://…`: processes batch files and contact chunks from the queue until stopped. */
import { Command } from 'commander';
import { SurfcdError } from '../errors.js';
import { createBatchPool } from './batchPool.js';
import { parseJobs } from './batch.js';
import { parseNumber } from './output.js';

interface Flags {
  queue?: string | true;
  jobs?: string;
  stalledSeconds: string;
  quiet?: boolean;
}

export function registerWorkerCommand(program: Command): Command {
  return program
    .command('worker')
    .description('process `batch --queue` and `contacts --queue` jobs from a BullMQ queue on Redis, until SIGINT or SIGTERM; run one per machine')
    .option('--queue [url]', 'the Redis server (redis://[user:password@]host:port[/db]; no value: $REDIS_URL)')
    .option('-j, --jobs <n>', 'jobs at once, each on its own thread (default: the number of cores)')
    .option('--stalled-seconds <s>', 'a worker silent this long is taken as dead and its job handed to another', '30')
    .option('-q, --quiet', 'no line per job on stderr')
    .action(async (flags: Flags) => {
      if (flags.queue === undefined) throw new SurfcdError('INVALID_OPTION', '--queue: required (redis://host:port, or --queue alone to read $REDIS_URL)');
      const jobs = parseJobs(flags.jobs);
      const stalledSeconds = parseNumber('--stalled-seconds', flags.stalledSeconds, { min: 1 });
      const { checkReachable, redisTarget } = await import('../scale/redis.js');
      const { serveQueue } = await import('../scale/queue.js');
      const target = redisTarget(flags.queue);
      await checkReachable(target);
      const pool = createBatchPool(jobs);
      const log = (message: string): void => void (flags.quiet || process.stderr.write(`surfcd worker ${process.pid}: ${message}\n`));
      let server;
      try {
        server = await serveQueue(target, (name, data) => pool.run(name, data), { concurrency: jobs, stalledSeconds, onEvent: log });
      } catch (error) {
        await pool.close();
        throw error;
      }
      log(`listening on ${target.label} with ${jobs} thread(s)`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      });
      log('stopping: finishing the jobs in hand');
      await server.close();
      await pool.close();
    });
}
