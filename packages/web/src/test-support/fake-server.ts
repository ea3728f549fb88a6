import type { Dnode, Relation } from "../entities/dnode/types";
import { mockFetch } from "./api";

/**
 * An in-memory node server for component tests: the calls the outliner makes, with the shapes and the
 * ordering rules of docs/API.md, behind a mocked fetch. Tests read `calls` and the tree it holds.
 */

interface FakeNode {
  id: number;
  name: string;
  type: string;
  content: Record<string, unknown>;
  parent_id: number | null;
  main_relation: string | null;
  write: boolean;
  finished_at?: string | null;
}

export interface FakeCall {
  method: string;
  path: string;
  body?: unknown;
  query: URLSearchParams;
}

interface DeletedNode {
  node: FakeNode;
  places: { key: string; at: number }[];
}

export class FakeServer {
  nodes = new Map<number, FakeNode>();
  /** Deleted nodes by recycle-bin batch. */
  bin = new Map<string, DeletedNode[]>();
  private lastBatch = 0;
  /** `parent:relation` -> child ids in order. */
  lists = new Map<string, number[]>();
  calls: FakeCall[] = [];
  private nextId = 1000;
  /** Answers the next call to this path prefix with an error, once. */
  refuse: { method: string; path: RegExp; status: number; error: string } | null = null;
  /** The files uploaded so far. */
  uploads: File[] = [];
  /** Status for GET /api/dnode/{id} of these ids. */
  fetchErrors = new Map<number, number>();
  /** `parent:relation/child` -> the key and info of that relation (absent: none). */
  relationMeta = new Map<string, { key?: string | null; info?: Record<string, unknown> }>();

  add(
    id: number,
    name: string,
    opts: Partial<FakeNode> & {
      parent?: number;
      relation?: string;
      /** The info of the relation under `parent`. */
      info?: Record<string, unknown>;
    } = {},
  ) {
    const relation = opts.relation ?? "CHILD_NODE";
    const node: FakeNode = {
      id,
      name,
      type: opts.type ?? "NOTE",
      content: opts.content ?? {},
      parent_id: opts.parent ?? null,
      main_relation: opts.parent ? relation : null,
      write: opts.write ?? true,
    };
    this.nodes.set(id, node);
    if (opts.parent !== undefined) this.list(opts.parent, relation).push(id);
    if (opts.parent !== undefined && opts.info)
      this.relationMeta.set(`${opts.parent}:${relation}/${id}`, { info: opts.info });
    return this;
  }

  list(parent: number, relation: string): number[] {
    const key = `${parent}:${relation}`;
    if (!this.lists.has(key)) this.lists.set(key, []);
    return this.lists.get(key)!;
  }

  /** The names under a node, nested: what a test compares the tree with. */
  outline(parent: number, relation = "CHILD_NODE"): unknown[] {
    return this.list(parent, relation).map((id) => {
      const node = this.nodes.get(id)!;
      const kids = this.outline(id);
      return kids.length ? [node.name, kids] : node.name;
    });
  }

  present(id: number): Dnode {
    const node = this.nodes.get(id)!;
    const relations: Dnode["relations"] = {};
    for (const [key, ids] of this.lists) {
      const [parent, relation] = key.split(":");
      if (Number(parent) === id && ids.length > 0)
        relations[relation] = {
          size: ids.length,
          head: ids.slice(0, 200),
          dict: Object.fromEntries(ids.slice(0, 200).map((c) => [c, c])),
        };
    }
    return {
      id,
      name: node.name,
      type: node.type,
      content: node.content,
      parent_id: node.parent_id,
      main_relation: node.main_relation,
      finished_at: node.finished_at ?? null,
      owner_id: 1,
      relations,
      permissions: { read: true, write: node.write, admin: node.write },
    };
  }

  private page(parent: number, relation: string, page: number, size: number) {
    const ids = this.list(parent, relation);
    const slice = ids.slice((page - 1) * size, page * size);
    const relations: Relation[] = slice.map((ynode) => ({
      id: ynode,
      xnode: parent,
      ynode,
      relation_name: relation,
      yorder: ids.indexOf(ynode) + 1,
      xorder: 1,
      key: this.relationMeta.get(`${parent}:${relation}/${ynode}`)?.key ?? null,
      info: this.relationMeta.get(`${parent}:${relation}/${ynode}`)?.info ?? {},
    }));
    return {
      relations,
      nodes: slice.map((c) => this.present(c)),
      info: { page, page_size: size, total: ids.length, has_more: page * size < ids.length },
    };
  }

  /** A copy of a node and its main subtree (the clone way), not yet placed; returns the copy's id. */
  private copy(id: number, parent: number): number {
    const node = this.nodes.get(id)!;
    const copyId = ++this.nextId;
    this.add(copyId, node.name, { type: node.type, content: { ...node.content } });
    Object.assign(this.nodes.get(copyId)!, { parent_id: parent, main_relation: "CHILD_NODE" });
    for (const child of this.list(id, "CHILD_NODE"))
      this.list(copyId, "CHILD_NODE").push(this.copy(child, copyId));
    return copyId;
  }

  private remove(id: number) {
    for (const ids of this.lists.values()) {
      const at = ids.indexOf(id);
      if (at >= 0) ids.splice(at, 1);
    }
  }

  private handle(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>) {
    const refusal = this.refuse;
    if (refusal && refusal.method === method && refusal.path.test(path)) {
      this.refuse = null;
      return { status: refusal.status, body: { success: false, error: refusal.error, code: "REFUSED" } };
    }
    let m = /^\/api\/dnode\/(\d+)$/.exec(path);
    if (method === "GET" && m) {
      const id = Number(m[1]);
      const status = this.fetchErrors.get(id) ?? (this.nodes.has(id) ? 200 : 404);
      if (status !== 200) return { status, body: { success: false, error: "refused", code: "X" } };
      return { body: this.present(id) };
    }
    if (method === "GET" && path === "/api/dnode/by_ids") {
      const ids = (query.get("ids") ?? "").split(",").map(Number);
      return { body: ids.filter((id) => this.nodes.has(id)).map((id) => this.present(id)) };
    }
    m = /^\/api\/data\/(\d+)\/path$/.exec(path);
    if (method === "GET" && m) {
      // The ancestors along main parents, root first, without the node (docs/API.md).
      const ancestors: Dnode[] = [];
      for (let at = this.nodes.get(Number(m[1]))?.parent_id; at != null; at = this.nodes.get(at)?.parent_id)
        ancestors.unshift(this.present(at));
      return { body: ancestors };
    }
    m = /^\/api\/dnode\/(\d+)\/relations_with_data\/$/.exec(path);
    if (method === "GET" && m) {
      const id = Number(m[1]);
      const pages = JSON.parse(query.get("relation_pages") ?? "{}") as Record<string, number>;
      const size = Number(query.get("page_size") ?? 40);
      const result = {
        relations: [] as Relation[],
        related_nodes: [] as Dnode[],
        pagination_info: {} as Record<string, unknown>,
      };
      for (const group of (query.get("relation_names") ?? "").split(",").filter(Boolean)) {
        const page = this.page(id, group, pages[group] ?? 1, size);
        result.relations.push(...page.relations);
        result.related_nodes.push(...page.nodes);
        result.pagination_info[group] = page.info;
      }
      return { body: result };
    }
    if (method === "GET" && path === "/api/dnode/batch_relations_with_data/") {
      const ids = (query.get("node_ids") ?? "").split(",").map(Number);
      const group = query.get("relation_names") ?? "CHILD_NODE";
      const results: Record<string, unknown> = {};
      const all: Dnode[] = [];
      for (const id of ids) {
        const page = this.page(id, group, 1, 40);
        results[id] = { relations: page.relations, pagination_info: { [group]: page.info } };
        all.push(...page.nodes);
      }
      return { body: { results, all_related_nodes: all, unavailable_ids: [] } };
    }
    m = /^\/api\/dnode\/call_action\/(\d+)\/(\w+)$/.exec(path);
    if (method === "POST" && m) return { body: this.act(Number(m[1]), m[2]) };
    if (method === "POST" && path === "/api/dnode/create/") {
      const id = ++this.nextId;
      const parent = Number(body.location_id);
      const relation = String(body.relation_name);
      this.add(id, String(body.name ?? ""), {
        type: String(body.type ?? "NOTE"),
        content: (body.content as Record<string, unknown> | undefined) ?? {},
      });
      const node = this.nodes.get(id)!;
      node.parent_id = parent;
      node.main_relation = relation;
      const ids = this.list(parent, relation);
      const at = body.next_id ? ids.indexOf(Number(body.next_id)) : -1;
      if (body.next_id && at < 0)
        return { status: 400, body: { success: false, error: "插入位置的节点不在该位置下" } };
      ids.splice(at < 0 ? ids.length : at, 0, id);
      return { body: { dnode: this.present(id), relation: { id, xnode: parent, ynode: id } } };
    }
    m = /^\/api\/dnode\/(\d+)\/update$/.exec(path);
    if (method === "POST" && m) {
      const node = this.nodes.get(Number(m[1]));
      if (!node) return { status: 404, body: { success: false, error: "该知识点不存在，可能已被删除" } };
      if (typeof body.name === "string") node.name = body.name;
      if (typeof body.type === "string") node.type = body.type;
      if (body.finished_at !== undefined) node.finished_at = body.finished_at as string | null;
      if (body.content) {
        for (const [k, v] of Object.entries(body.content as Record<string, unknown>)) {
          if (v === null) delete node.content[k];
          else node.content[k] = v;
        }
      }
      return { body: this.present(node.id) };
    }
    if (method === "POST" && path === "/api/dnode/move") {
      // Each moved node in the order given, each before the same sibling (or last), as the server does.
      for (const id of body.moved_nodes_ids as number[]) {
        const target = Number(body.target_node_id);
        const relation = String(body.new_relationName);
        if (body.way === "move_and_refer") {
          const old = this.list(Number(body.old_location_id), String(body.old_relationName));
          const keep = [...old];
          this.remove(id);
          old.splice(0, old.length, ...keep);
        } else this.remove(id);
        const ids = this.list(target, relation);
        const at = body.before_node_id ? ids.indexOf(Number(body.before_node_id)) : -1;
        ids.splice(at < 0 ? ids.length : at, 0, id);
        const node = this.nodes.get(id)!;
        node.parent_id = target;
        node.main_relation = relation;
      }
      return { body: { success: true, relations: [] } };
    }
    if (method === "POST" && (path === "/api/dnode/refer" || path === "/api/dnode/clone")) {
      const refer = path.endsWith("refer");
      const source = refer ? (body.refered_nodes_ids as number[])[0] : Number(body.source_id);
      const target = Number(refer ? body.target_node_id : body.target_parent_id);
      const ids = this.list(target, String(body.relation_name ?? "CHILD_NODE"));
      if (refer && ids.includes(source))
        return { status: 409, body: { success: false, error: "该关系已经存在" } };
      const id = refer ? source : this.copy(source, target);
      const location = body.location as { position: string; before_node_id?: number };
      const at = location.position === "before" ? ids.indexOf(Number(location.before_node_id)) : -1;
      ids.splice(at < 0 ? ids.length : at, 0, id);
      return { status: 201, body: refer ? [this.present(id)] : this.present(id) };
    }
    if (method === "POST" && (path === "/api/upload/" || path === "/api/upload_file/")) {
      const image = path === "/api/upload/";
      const name = this.uploads.at(-1)?.name ?? "file";
      return image
        ? {
            body: {
              image_path: `images/2026/01/${name}`,
              original_name: name,
              url: `/api/media/images/${name}`,
            },
          }
        : {
            body: {
              file_path: `files/2026/01/${name}`,
              original_name: name,
              file_type: name.split(".").pop(),
              file_size: this.uploads.at(-1)?.size ?? 0,
              mime_type: this.uploads.at(-1)?.type ?? "",
              url: `/api/media/files/${name}`,
            },
          };
    }
    if (method === "POST" && path === "/api/dnode/delete_batch") {
      // Kept as the recycle bin keeps them: each node with the places it held, for a restore.
      const batchId = `00000000-0000-4000-8000-${String(++this.lastBatch).padStart(12, "0")}`;
      const kept: DeletedNode[] = [];
      for (const id of body.ids as number[]) {
        const places = [...this.lists.entries()].flatMap(([key, ids]) =>
          ids.includes(id) ? [{ key, at: ids.indexOf(id) }] : [],
        );
        kept.push({ node: this.nodes.get(id)!, places });
        this.remove(id);
        this.nodes.delete(id);
      }
      this.bin.set(batchId, kept);
      return { body: { success: true, deleted_dnode_ids: body.ids, trash_batch_id: batchId } };
    }
    if (method === "POST" && path === "/api/trash/restore/") {
      const kept = this.bin.get(body.batch_id as string);
      if (!kept) return { status: 404, body: { success: false, error: "回收站里没有它", code: "NOT_FOUND" } };
      this.bin.delete(body.batch_id as string);
      for (const { node, places } of kept.reverse()) {
        this.nodes.set(node.id, node);
        for (const { key, at } of places) this.lists.get(key)?.splice(at, 0, node.id);
      }
      const roots = kept.map(({ node }) => ({ id: node.id, parent_id: node.parent_id }));
      return { body: { success: true, restored_ids: roots.map((r) => r.id), roots } };
    }
    return { status: 404, body: { success: false, error: "请求的接口不存在", code: "ROUTE_NOT_FOUND" } };
  }

  /** What get_processes_in_timerange answers (newest first). */
  timeline: Array<{ id: number; name: string; type: string; created_at: string }> = [];

  /**
   * A small process machine (start pauses running siblings; pause; finish) answering as
   * call_action does: every node whose status changed. The real rules are tested on the server.
   */
  private act(id: number, action: string) {
    if (action === "get_processes_in_timerange") return { success: true, result: this.timeline };
    const now = new Date().toISOString();
    const target = this.nodes.get(id)!;
    const changed: number[] = [];
    const set = (node: FakeNode, patch: Record<string, unknown>) => {
      node.content = { ...node.content, ...patch };
      changed.push(node.id);
    };
    if (action === "start") {
      for (const sibling of this.list(target.parent_id!, target.main_relation!))
        if (sibling !== id && this.nodes.get(sibling)?.content.self_status === "running")
          set(this.nodes.get(sibling)!, { self_status: "paused", pause_time: now });
      set(target, { self_status: "running", ran_at: now, start_time: target.content.start_time ?? now });
    } else if (action === "pause") set(target, { self_status: "paused", pause_time: now });
    else if (action === "finish") set(target, { self_status: "completed", end_time: now, finished_at: now });
    return {
      success: true,
      message: "",
      deleted_dnode_ids: [],
      task_id: null,
      dnodes: changed.map((c) => this.present(c)),
    };
  }

  /** Installs the mocked fetch. */
  install() {
    return mockFetch((url, init) => {
      const parsed = new URL(url, "http://localhost");
      const method = init.method ?? "GET";
      // Uploads are multipart: the file is kept, the body is not JSON.
      const form = init.body instanceof FormData ? init.body : null;
      const file = form && [...form.values()].find((v): v is File => v instanceof File);
      if (file) this.uploads.push(file);
      const body = init.body && !form ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      this.calls.push({
        method,
        path: parsed.pathname,
        body: form ?? (init.body ? body : undefined),
        query: parsed.searchParams,
      });
      return this.handle(method, parsed.pathname, parsed.searchParams, body);
    });
  }

  /** The calls to one path made so far (method and path regex). */
  callsTo(method: string, path: RegExp): FakeCall[] {
    return this.calls.filter((c) => c.method === method && path.test(c.path));
  }
}
