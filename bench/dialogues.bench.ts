import { type queryRows, sql } from "../packages/server/src/db/client";
import { call, makeUser } from "../packages/server/src/test/client";
import { startTestServer } from "../packages/server/src/test/harness";
import { CHAT_PAGE_SIZE, userChatsLogicId } from "../packages/shared/src";
import { StatementRecorder } from "./graph.bench";
import { analyze } from "./seed";
import { type Measurement, measure } from "./stats";

// BENCH_QUICK=1: a tenth of the data and few runs, to try the suite out (the numbers mean nothing).
const QUICK = process.env.BENCH_QUICK === "1";
const BIG = QUICK ? 10_000 : 100_000;
const DIALOGUES = QUICK ? 100 : 1000;
const MESSAGES_EACH = 30;
const RUNS = QUICK ? 20 : 200;
const WARMUP = QUICK ? 5 : 20;

/** Fails the run if a call did not answer as the app should. */
const ok = async (response: Promise<{ status: number; body: unknown }>) => {
  const { status, body } = await response;
  if (status !== 200) throw new Error(`dialogues bench: ${status} ${JSON.stringify(body).slice(0, 300)}`);
  return body as Record<string, unknown>;
};

/**
 * `count` messages in a dialogue, by SQL in one statement (the API would take hours for 100,000): the
 * rows the send path leaves — a completed AskProcess in the dialogue's tree hanging by CHAT, one second
 * apart, from the two people in turn — so the read path sees what it would in use.
 */
async function seedMessages(
  db: Parameters<typeof queryRows>[0],
  dialogueId: number,
  senders: [number, number],
  count: number,
  start: Date,
): Promise<void> {
  await db.execute(sql`
    with m as (
      insert into dnode (name, type, content, parent_id, main_relation, owner_id, creator_id, anchor_id, created_at, updated_at)
      select '消息 ' || g, 'PROCESS',
             jsonb_build_object('xtype', 'AskProcess', 'self_status', 'completed', 'delegate_status', 'completed',
                                'text', '第' || g || '条消息：今天学习了知识管理的方法', 'dialogue_id', ${dialogueId}::int),
             ${dialogueId}::int, 'CHAT',
             case when g % 2 = 0 then ${senders[0]}::int else ${senders[1]}::int end,
             case when g % 2 = 0 then ${senders[0]}::int else ${senders[1]}::int end,
             ${dialogueId}::int,
             ${start.toISOString()}::timestamptz + g * interval '1 second',
             ${start.toISOString()}::timestamptz + g * interval '1 second'
      from generate_series(1, ${count}::int) g
      returning id, created_at)
    insert into dnode_relation (xnode, ynode, relation_name, xorder, yorder, created_at)
    select ${dialogueId}::int, id, 'CHAT', 1, row_number() over (order by id), created_at from m`);
}

/**
 * Issue 17's benchmark on PGlite, over HTTP: the newest page of a 100,000-message dialogue (goal p50 ≤
 * 20 ms) beside the same page of a 20-message one, and /api/dialogue/messages/ for a person with 1,000
 * dialogues of 30 messages each (goal p50 ≤ 30 ms).
 */
export async function benchDialogues(): Promise<Measurement[]> {
  const recorder = new StatementRecorder();
  const server = await startTestServer({ validateResponses: false }, recorder);
  const db = server.database.db;
  const results: Measurement[] = [];
  const replayOf = async (label: string, run: () => Promise<unknown>) => {
    const statements = await recorder.record(run);
    return measure(
      `  ${label}: its ${statements.length} SQL statements replayed on the driver`,
      async () => {
        for (const s of statements) await server.database.raw(s.query, s.params);
      },
      RUNS / 2,
      WARMUP / 2,
    );
  };
  try {
    const a = await makeUser(server);
    const b = await makeUser(server);
    const pair = async (x: typeof a, y: typeof a) =>
      Number(
        (
          await ok(
            call(server, "POST", "/api/dialogue/find-or-create-by-logic-id/", {
              token: x.access,
              body: { logic_id: userChatsLogicId(x.user.id, y.user.id) },
            }),
          )
        ).dialogue_id,
      );
    // Seeding blocks the event loop past the keep-alive timeout: the next call may meet a closed socket.
    const wake = () => call(server, "GET", "/api/app-version/").catch(() => undefined);
    const big = await pair(a, b);
    const started = Date.now();
    await seedMessages(db, big, [a.user.id, b.user.id], BIG, new Date(Date.now() - 30 * 86_400_000));
    await wake();
    const c = await makeUser(server);
    const small = await pair(a, c);
    await seedMessages(db, small, [a.user.id, c.user.id], 20, new Date(Date.now() - 86_400_000));
    await wake();

    // One person with 1,000 dialogues, each with another person (users, dialogues, participants, grants
    // and 30 messages each, by SQL), latest activity spread over the last 1,000 hours.
    const reader = await makeUser(server);
    await db.execute(sql`
      insert into users (username, email, password_hash, username_key, email_key)
      select 'peer_' || g, 'peer_' || g || '@example.com', 'x', 'peer_' || g, 'peer_' || g || '@example.com'
      from generate_series(1, ${DIALOGUES}::int) g`);
    await db.execute(sql`
      with peers as (select id, row_number() over (order by id) as k from users where username like 'peer\\_%'),
      made as (
        insert into dnode (name, type, content, owner_id, creator_id)
        select 'peer_' || k, 'DIALOGUE',
               jsonb_build_object('dialogue_type', 'user_to_user', 'participants', jsonb_build_array(${reader.user.id}::int, id),
                 'auto_title', true, 'last_message_content', '最后一条消息 ' || k, 'last_message_sender', id,
                 'last_message_time', now() - k * interval '1 hour', 'peer', id),
               ${reader.user.id}::int, ${reader.user.id}::int
        from peers returning id, (content->>'peer')::int as peer)
      insert into dialogue (node_id, dialogue_type, creator_id) select id, 'user_to_user', ${reader.user.id}::int from made`);
    await db.execute(sql`update dnode set anchor_id = id where type = 'DIALOGUE' and anchor_id is null`);
    await db.execute(sql`
      insert into dialogue_participant (dialogue_id, user_id, unread_count, last_activity_at)
      select d.node_id, p.u, case when p.u = ${reader.user.id}::int then (d.node_id % 5) else 0 end,
             now() - (d.node_id % ${DIALOGUES}::int) * interval '1 hour'
      from dialogue d join dnode n on n.id = d.node_id
      cross join lateral (values (${reader.user.id}::int), ((n.content->>'peer')::int)) p(u)
      where n.content ? 'peer'`);
    await db.execute(sql`
      insert into anchor_grant (anchor_id, user_id, auth_type)
      select dialogue_id, user_id, 'read' from dialogue_participant p join dnode n on n.id = p.dialogue_id
      where n.content ? 'peer'`);
    // The PARTICIPANT link of each dialogue to the reader's USER node (the peers made here have none), so
    // the reader's USER node carries 1,000 links as a real one would.
    await db.execute(sql`
      insert into dnode_relation (xnode, ynode, relation_name, xorder, yorder)
      select p.dialogue_id, u.root_node_id, 'PARTICIPANT', row_number() over (order by p.dialogue_id), 1
      from dialogue_participant p join users u on u.id = p.user_id join dnode n on n.id = p.dialogue_id
      where p.user_id = ${reader.user.id}::int and n.content ? 'peer'`);
    // Their messages, all in one statement (as seedMessages writes them, the two people in turn).
    await db.execute(sql`
      with m as (
        insert into dnode (name, type, content, parent_id, main_relation, owner_id, creator_id, anchor_id, created_at, updated_at)
        select '消息 ' || g, 'PROCESS',
               jsonb_build_object('xtype', 'AskProcess', 'self_status', 'completed', 'delegate_status', 'completed',
                                  'text', '第' || g || '条消息', 'dialogue_id', d.id),
               d.id, 'CHAT', s.sender, s.sender, d.id,
               now() - interval '1 hour' + g * interval '1 second', now() - interval '1 hour' + g * interval '1 second'
        from dnode d cross join generate_series(1, ${MESSAGES_EACH}::int) g
        cross join lateral (select case when g % 2 = 0 then ${reader.user.id}::int
                                        else (d.content->>'peer')::int end as sender) s
        where d.type = 'DIALOGUE' and d.content ? 'peer'
        returning id, parent_id, created_at)
      insert into dnode_relation (xnode, ynode, relation_name, xorder, yorder, created_at)
      select parent_id, id, 'CHAT', 1, row_number() over (partition by parent_id order by id), created_at from m`);
    await analyze(db);
    console.log(`  seeded in ${Math.round((Date.now() - started) / 1000)} s`);
    await wake();

    const newestPage = (id: number, who: typeof a) => () =>
      ok(
        call(
          server,
          "GET",
          `/api/dnode/${id}/relations_with_data/?relation_names=CHAT&order_by=-created_at&page_size=${CHAT_PAGE_SIZE}`,
          { token: who.access },
        ),
      );
    const first = await newestPage(big, b)();
    const shown = (first.related_nodes as { content: { text: string } }[]).length;
    results.push(
      await measure(
        `newest chat page (${shown} messages) of a ${BIG.toLocaleString("en")}-message dialogue: relations_with_data CHAT by -created_at (goal p50 ≤ 20)`,
        newestPage(big, b),
        RUNS,
        WARMUP,
      ),
    );
    results.push(await replayOf("that call", newestPage(big, b)));
    results.push(
      await measure("  the same page of a 20-message dialogue", newestPage(small, c), RUNS, WARMUP),
    );
    const record = () => ok(call(server, "GET", `/api/dialogue/${big}/`, { token: b.access }));
    results.push(
      await measure(
        `  GET /api/dialogue/{id}/ of the ${BIG.toLocaleString("en")}-message dialogue (record, newest page, attachments)`,
        record,
        RUNS / 2,
        WARMUP / 2,
      ),
    );
    const deep = () =>
      ok(
        call(
          server,
          "GET",
          `/api/dnode/${big}/relations_with_data/?relation_names=CHAT&order_by=-created_at&page_size=20&relation_pages=${encodeURIComponent('{"CHAT":100}')}`,
          { token: b.access },
        ),
      );
    results.push(
      await measure("  page 100 of it (2,000 messages back, by offset)", deep, RUNS / 4, WARMUP / 4),
    );

    const inbox = () => ok(call(server, "GET", "/api/dialogue/messages/?limit=20", { token: reader.access }));
    const listed = await inbox();
    if ((listed.dialogues as unknown[]).length !== 20)
      throw new Error("dialogues bench: the inbox is not full");
    results.push(
      await measure(
        `/api/dialogue/messages/?limit=20 for a person with ${DIALOGUES.toLocaleString("en")} dialogues of ${MESSAGES_EACH} messages (goal p50 ≤ 30)`,
        inbox,
        RUNS,
        WARMUP,
      ),
    );
    results.push(await replayOf("that call", inbox));
    return results;
  } finally {
    await server.close();
  }
}
