// Command line of the local LCA service: `npm run sandbox -- --port 0 --data <dir> [--remember-port] [--token-ttl s] [--host h] [--scale]
// [--scale-elements n] [--projects n]`.
// Prints one JSON line with the four URLs when ready; SIGINT/SIGTERM stop it cleanly.
import * as path from 'path';
import { startLocalService, type LocalServiceOptions } from './server';

export interface CliOptions extends LocalServiceOptions {
  verbose: boolean;
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const out: CliOptions = { port: 0, host: '127.0.0.1', dataDir: path.resolve('.sandbox-data'), verbose: false };
  const value = (i: number, flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
    return v;
  };
  const count = (v: string, flag: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new Error(`${flag} must be a whole number from 1 to 1,000,000`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    switch (a) {
      case '--port': {
        const n = Number(value(i++, a));
        if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error('--port must be 0–65535');
        out.port = n;
        break;
      }
      case '--data':
        out.dataDir = path.resolve(value(i++, a));
        break;
      case '--token-ttl': {
        const n = Number(value(i++, a));
        if (!Number.isInteger(n) || n < 1) throw new Error('--token-ttl must be a whole number of seconds ≥ 1');
        out.tokenTtlSeconds = n;
        break;
      }
      case '--host':
        out.host = value(i++, a);
        break;
      case '--scale':
        out.scale = true;
        break;
      case '--scale-elements':
        out.scaleElements = count(value(i++, a), a);
        break;
      case '--projects':
        out.projects = count(value(i++, a), a);
        break;
      case '--remember-port':
        out.rememberPort = true;
        break;
      case '--verbose':
        out.verbose = true;
        break;
      default:
        throw new Error(`unknown argument ${a}`);
    }
  }
  return out;
}

async function main(): Promise<void> {
  let opts: CliOptions;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\nusage: npm run sandbox -- --port <n> --data <dir> [--remember-port] [--token-ttl <s>] [--host <h>] [--scale] [--scale-elements <n>] [--projects <n>] [--verbose]\n`);
    process.exit(2);
  }
  const service = await startLocalService({ ...opts, log: opts.verbose ? (l) => process.stderr.write(`${l}\n`) : undefined });
  process.stdout.write(`${JSON.stringify(service.urls)}\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Started by the extension (fork, with an IPC channel): stop when the extension host goes away, however it ends.
  if (process.send) process.on('disconnect', stop);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`could not start the local service: ${(e as Error).message}\n`);
    process.exit(1);
  });
}
