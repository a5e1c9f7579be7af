/**
 * The Redis mail-job store itself, two instances on one real redis-server, with the interleavings
 * that HTTP cannot time: what one instance sends and puts back for later, between another's look for
 * due jobs and its lease, is not taken early by that other one.
 */
import { openDatabase } from "../../server/store/database";
import { openRedisMailJobStore } from "../../server/store/redis-mail-jobs";
import { connectRedisState, type RedisState } from "../../server/store/redis-state";
import type { Settlement } from "../../server/store/stores";
import { removeTempDirs, tempDir } from "./helpers";
import { message } from "./redis-instances";
import { type RedisProcess, startRedis } from "./redis-process";

const quiet = { info() {}, error() {} };
let redis: RedisProcess;
const opened: RedisState[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(opened.map((state) => state.close()));
  await redis.close();
  await removeTempDirs();
});

async function instance() {
  const state = await connectRedisState(redis.url, quiet);
  opened.push(state);
  return { redis: state.redis, jobs: openRedisMailJobStore(state, openDatabase(await tempDir()).db, quiet) };
}

const LATER_MS = 60_000;

test.each<[string, Omit<Extract<Settlement, { state: "pending" }>, "state" | "at">]>([
  ["a window's digest", { digest: true }],
  ["a retry's wait", { error: "451 Try again later" }],
])(
  "a job another instance took and put back for %s, while this one looked, stays until it is due",
  async (_, put) => {
    const [a, b] = [await instance(), await instance()];
    const { id: key, ...payload } = message();
    expect(await a.jobs.record(key, "fingerprint", payload)).toBe("recorded");

    // B looks for due jobs and finds it; before B takes it, A takes it, tries it and puts it back.
    const at = Date.now() + LATER_MS;
    const look = b.redis.zrangebyscore.bind(b.redis);
    b.redis.zrangebyscore = (async (...args: Parameters<typeof look>) => {
      const found = await look(...args);
      expect((await a.jobs.takeDue("instance-a", 5_000, 10)).map((job) => job.key)).toEqual([key]);
      await a.jobs.settle(key, "instance-a", { state: "pending", at, ...put });
      return found;
    }) as typeof look;

    expect(await b.jobs.takeDue("instance-b", 5_000, 10)).toEqual([]);
    expect((await b.jobs.states([key])).get(key)).toMatchObject({ state: "pending", nextAttemptAt: at });
    // Nobody holds it now: when it is due, either instance takes it.
    expect(await b.redis.exists(`lease:${key}`)).toBe(0);
  },
);
