import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "@zhishu/shared";
import { App, Button, Result, Skeleton } from "antd";
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client";
import { confirmDelete } from "../../components/confirm-delete";
import { showDeletedNotice } from "../../components/deleted-notice";
import { dismissEarlyScreen } from "../../early/screen";
import { outlineApi } from "../../entities/dnode/api";
import { nodeFetchMessage } from "../../entities/dnode/node-error";
import { useNodes } from "../../entities/dnode/store";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { NodeContent } from "../content/NodeContent";
import { DraftNodeView } from "../dialogues";
import { NodeActions } from "../node-actions/NodeActions";
import { RequireLogin, TitledPage } from "../pages/Pages";
import { Breadcrumb } from "./Breadcrumb";
import { ControllerContext, replayUnsentEdits, sharedController } from "./context";
import { childRelationOf, forwardGroups, isGrouped } from "./groups";
import { OfflineBanner } from "./OfflineBanner";
import { OutlineTree } from "./OutlineTree";
import { outlineKeyDeps } from "./outline-key-deps";
import { PageHelp } from "./PageHelp";
import { PageTitle } from "./PageTitle";
import { draftViewDialogue, pageViewType } from "./page-view";
import { RelatedPanels } from "./RelatedPanels";
import { setViewStatus, useOutline } from "./store";
import type { TreeView } from "./tree-view";
import { ViewTypeSwitch } from "./ViewTypeSwitch";
import { rootViewId } from "./view-id";
import "./outliner.css";

const t = zh.outliner;

/** `/data/:id` and `/data/:id/:relationName`: the node page (workspace-spec 2 "Node views"). */
export function NodePage() {
  const { id = "", relationName } = useParams();
  const loggedIn = useAuth((s) => s.loggedIn);
  if (!loggedIn)
    return (
      <TitledPage title={zh.pages.node(id)}>
        <RequireLogin>{null}</RequireLogin>
      </TitledPage>
    );
  return <NodeView key={`${id}/${relationName ?? ""}`} idText={id} relation={relationName ?? null} />;
}

function NodeView({ idText, relation }: { idText: string; relation: string | null }) {
  const id = /^\d{1,10}$/.test(idText) ? Number(idText) : 0;
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const controller = sharedController();
  // Toasts, questions and navigation of this page: set before any key can reach the controller.
  useLayoutEffect(() => {
    controller.core.deps = {
      ...controller.core.deps,
      notify: (text) => void message.error(text),
      warn: (text) => void message.warning(text),
      navigate: (path) => void navigate(path),
      confirm: (title, detail) => confirmDelete(modal, title, detail),
      deleted: (count, undo) => showDeletedNotice(message, count, undo),
      ...outlineKeyDeps(message, modal),
    };
  }, [controller, message, modal, navigate]);
  useEffect(() => replayUnsentEdits(controller), [controller]);
  const helpId = useId();
  const scope = useId();
  const view = useRef<TreeView>({ scope: `${scope}|`, rootId: id, rows: [] }).current;

  const query = useQuery({
    queryKey: ["dnode", id],
    queryFn: () => outlineApi.node(id),
    enabled: id > 0,
    // Only a lost answer is worth asking again; 403 and 404 will not change by retrying.
    retry: (count, error) => error instanceof ApiError && error.status === 0 && count < 1,
  });
  useEffect(() => {
    if (query.data) controller.core.receive([query.data]);
  }, [controller, query.data]);
  // The early first screen (early/screen.ts) shows a tree; a page that shows an error instead ends it.
  useLayoutEffect(() => {
    if (query.error || id === 0) dismissEarlyScreen();
  }, [query.error, id]);

  const node = useNodes((s) => s.nodes[id]);
  // The view shown (page-view.ts): one's own draft opens on 草稿 until another view is picked here.
  const me = useAuth((s) => s.user?.id);
  const viewId = rootViewId(id, relation);
  const storedView = useOutline((s) => s.views[viewId]?.viewType);
  const [viewPicked, setViewPicked] = useState(false);
  const groups = useMemo(() => (relation ? [relation] : node ? forwardGroups(node) : []), [relation, node]);
  const groupsKey = groups.join(",");
  const grouped = !relation && node ? isGrouped(groups.map((g) => node.relations?.[g]?.size ?? 0)) : false;

  // The lists load as soon as the node is known (from cache, before any row can be typed, so a list
  // not loaded yet is marked loading and merges with what is typed), and again when it arrives fresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataUpdatedAt is the trigger for the reload
  useEffect(() => {
    if (groupsKey) void controller.core.loadRoot(id, groupsKey.split(","));
  }, [controller, id, groupsKey, query.dataUpdatedAt]);

  if (id === 0) return <Result status="404" title={MESSAGES.nodeNotFound} />;
  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    return (
      <Result
        status={status === 403 ? "403" : status === 404 ? "404" : "warning"}
        title={nodeFetchMessage(query.error)}
        extra={
          status !== 403 && status !== 404 ? (
            <Button onClick={() => void query.refetch()}>{t.retry}</Button>
          ) : undefined
        }
      />
    );
  }
  if (!node)
    return (
      <div role="status" aria-busy="true" aria-label={t.loading}>
        <Skeleton active title paragraph={{ rows: 6 }} />
      </div>
    );

  const primary = relation ?? childRelationOf(node.type);
  const name = node.name || t.untitled;
  // A reader sees no editing hints (issue 12 point 13).
  const canWrite = node.permissions?.write !== false;
  const draftDialogue = relation ? null : draftViewDialogue(node, me);
  const viewType = pageViewType(storedView, draftDialogue !== null, viewPicked);
  return (
    <ControllerContext.Provider value={controller}>
      <section className="ol-page">
        <OfflineBanner />
        <Breadcrumb node={node} view={view} />
        <PageTitle node={node} view={view} relation={relation} />
        <NodeActions node={node} onChanged={() => void query.refetch()} />
        {relation ? (
          <Link to={`/data/${id}`}>{t.backToNode}</Link>
        ) : (
          <>
            <NodeContent
              node={node}
              onChanged={(fresh) =>
                fresh ? queryClient.setQueryData(["dnode", id], fresh) : void query.refetch()
              }
              onNodes={controller.core.receiveProcesses}
              draftShown={viewType === "DRAFTDNODE"}
            />
            <RelatedPanels node={node} />
          </>
        )}
        <ViewTypeSwitch
          viewId={viewId}
          value={viewType}
          draft={draftDialogue !== null}
          onPick={() => setViewPicked(true)}
        />
        {viewType === "DRAFTDNODE" && draftDialogue !== null ? (
          <DraftNodeView
            dialogueId={draftDialogue}
            onSent={() => {
              // Sent, the node is a message: its page is a tree again.
              setViewStatus(viewId, { viewType: "TREEDNODE" });
              void navigate(`/dialogue/${draftDialogue}`);
            }}
          />
        ) : (
          <>
            <OutlineTree
              view={view}
              rootId={id}
              groups={groups}
              primary={primary}
              grouped={grouped}
              viewId={viewId}
              label={t.tree(name)}
              describedBy={helpId}
            />
            <EmptyHint rootId={id} groups={groups} canWrite={canWrite} />
            {canWrite && (
              <Button
                type="dashed"
                className="ol-add"
                onClick={() => controller.rows.appendChild(view, id, primary)}
              >
                {t.addChild}
              </Button>
            )}
          </>
        )}
        {viewType !== "DRAFTDNODE" && <PageHelp id={helpId} canWrite={canWrite} />}
      </section>
    </ControllerContext.Provider>
  );
}

/** Says so when the page has nothing to show yet. */
function EmptyHint({ rootId, groups, canWrite }: { rootId: number; groups: string[]; canWrite: boolean }) {
  const empty = useNodes((s) =>
    groups.every((g) => {
      const list = s.lists[`${rootId}:${g}`];
      return list?.status === "ready" && list.ids.length === 0;
    }),
  );
  return empty ? <p className="ol-empty">{canWrite ? t.empty : t.emptyReadOnly}</p> : null;
}
