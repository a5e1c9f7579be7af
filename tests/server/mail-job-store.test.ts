/**
 * The SQLite mail-job store's lease, on its own (real SQLite): a holder whose lease ran out and was
 * taken over can no longer settle the job, so a slow first attempt cannot overwrite what the next
 * holder decides (a second mail, or a sent job marked failed).
 */
import { openDatabase } from "../../server/store/database";
import { createSqliteMailJobStore } from "../../server/store/sqlite-stores";
import { tempDir, validMessage } from "./helpers";

test("a holder whose lease was taken over settles nothing; the new holder settles the job", async () => {
  const { db } = openDatabase(await tempDir());
  let clock = Date.now();
  const jobs = createSqliteMailJobStore(db, { owner: true, now: () => clock });
  try {
    await jobs.record("job", "fingerprint", validMessage);
    expect(await jobs.takeDue("first", 1_000, 10)).toHaveLength(1);
    clock += 2_000; // the first holder's send outlives its lease
    expect(await jobs.takeDue("second", 60_000, 10)).toHaveLength(1);

    await jobs.settle("job", "first", { state: "failed", error: "the first holder's late answer" });
    expect((await jobs.states(["job"])).get("job")).toMatchObject({ state: "pending" });
    expect(await jobs.counts()).toMatchObject({ pending: 1, failed: 0 });

    await jobs.settle("job", "second", { state: "sent" });
    expect((await jobs.states(["job"])).get("job")).toMatchObject({ state: "sent" });
  } finally {
    db.close();
  }
});
