import type { FirstScreen } from "@zhishu/shared";
import { idsOfGroup } from "../entities/dnode/group-order";
import { typeLabelOf } from "../entities/dnode/name-prefix";
import type { Dnode } from "../entities/dnode/types";
import { childRelationOf, forwardGroups } from "../features/outliner/groups";
import { PAGE_JOURNAL_PREFIX } from "../features/outliner/journal-adoption";
import { relatedSections } from "../features/outliner/related-sections";
import { rootViewId } from "../features/outliner/view-id";
import { readViewStatuses } from "../features/outliner/view-status";
import { textDraftKey } from "../features/richtext/text-drafts";
import { firstScreenTexts } from "../i18n/zh-CN/first-screen";

/*
 * The node page's first screen drawn from the early answer (early/start.ts), before the app's code has
 * arrived (issue 18 point 5). Parsing and running the app takes Chromium most of a second on a small
 * machine; the answer is here long before. So the page's title and first rows are drawn at once, as
 * plain text where the app will put them, and the app's own page replaces them in the frame its first
 * rows appear (`dismissEarlyScreen`, called by the outline tree). Nothing on it can be edited, so
 * nothing typed can be lost on it; once the app is up, a key or a click hands over to it at once.
 *
 * Drawn only when the app will show that same screen: a plain tree page (no text, fields or related
 * panels above the tree, one group of rows, the 大纲 view), never a dialogue or a draft, and not while
 * edits typed earlier still wait to be sent (the app shows them; the answer does not have them yet).
 */

const SCREEN_ID = "early-screen";
/** A tall window shows about this many rows before the tree scrolls. */
const EARLY_MAX_ROWS = 40;
/** If the app never takes over (its code failed to load), the screen goes after this long anyway. */
const GIVE_UP_MS = 10_000;

export interface EarlyRow {
  id: number;
  name: string;
  /** Has children of its own (the app rings such a row's bullet while it is closed). */
  closed: boolean;
  isPublic: boolean;
  /** The type tag before the name, as the app's row shows it (none for a plain note). */
  label: { text: string; custom: boolean } | null;
}

export interface EarlyScreenPlan {
  title: string;
  titleLabel: EarlyRow["label"];
  rows: EarlyRow[];
}

/** What the app will show first for this answer, or null when it will show something else. */
export function earlyScreenPlan(
  answer: FirstScreen,
  relation: string | null,
  storage: Storage,
): EarlyScreenPlan | null {
  const node = answer.dnode as Dnode;
  if (relation !== null || node.type === "DIALOGUE" || node.type === "DRAFTDNODE") return null;
  // Text, fields, a process's controls or related panels above the tree would move its rows down.
  if (Object.keys(node.content ?? {}).length > 0 || relatedSections(node).length > 0) return null;
  const groups = forwardGroups(node);
  if (groups.length !== 1) return null;
  const [group] = groups;
  if (!answer.relation_names.includes(group)) return null;
  // Edits the server has not confirmed yet are shown once the app has sent them again; drawn now, the
  // screen would show the older names for a moment, as if what was typed were lost.
  if (hasUnsentEdits(storage, node.id)) return null;
  const view = readViewStatuses(storage)[rootViewId(node.id)];
  if (view?.viewType !== undefined && view.viewType !== "TREEDNODE") return null;
  const byId = new Map(answer.related_nodes.map((related) => [related.id, related as Dnode]));
  const rows: EarlyRow[] = [];
  for (const id of idsOfGroup(answer.relations, node.id, group).slice(0, EARLY_MAX_ROWS)) {
    const related = byId.get(id);
    // A row the app could not show from this answer ends what is drawn.
    if (!related) break;
    rows.push({
      id,
      name: related.name || firstScreenTexts.untitled,
      closed: (related.relations?.[childRelationOf(related.type)]?.size ?? 0) > 0,
      isPublic: related.is_public === true,
      label: typeLabelOf(related.type, related.content ?? {}),
    });
  }
  return {
    title: node.name || firstScreenTexts.untitled,
    titleLabel: typeLabelOf(node.type, node.content ?? {}),
    rows,
  };
}

/** Outline edits of any page not confirmed yet (write-journal.ts), or this node's unsaved text. */
function hasUnsentEdits(storage: Storage, nodeId: number): boolean {
  if (storage.getItem(textDraftKey(nodeId)) !== null) return true;
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(PAGE_JOURNAL_PREFIX)) return true;
  return false;
}

/** An element with a class and, optionally, its text (set as text: names are never parsed as HTML). */
function element(doc: Document, tag: string, className: string, text?: string): HTMLElement {
  const el = doc.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

const typeTag = (doc: Document, label: NonNullable<EarlyRow["label"]>) =>
  element(doc, "span", `ol-type${label.custom ? " ol-type-custom" : ""}`, label.text);

/**
 * Draws the plan over the page (styles: app/global.css, `.early-*` and the outliner's `.ol-bullet` and
 * `.ol-type`), unless the app's rows are already there. Returns whether it drew.
 */
export function paintEarlyScreen(plan: EarlyScreenPlan, doc: Document = document): boolean {
  if (doc.getElementById(SCREEN_ID) || doc.querySelector('[role="tree"] [role="treeitem"]')) return false;
  const screen = element(doc, "div", "early-screen");
  screen.id = SCREEN_ID;
  // What it shows is read again from the app's page a moment later: assistive technology waits for that.
  screen.setAttribute("aria-hidden", "true");
  const header = element(doc, "div", "early-header");
  header.append(element(doc, "span", "early-brand", firstScreenTexts.appName));
  const page = element(doc, "div", "early-page");
  const title = element(doc, "div", "early-title");
  if (plan.titleLabel) title.append(typeTag(doc, plan.titleLabel));
  title.append(element(doc, "span", "early-title-text", plan.title));
  page.append(title);
  const tree = element(doc, "div", "early-tree");
  for (const row of plan.rows) {
    const line = element(doc, "div", "early-row");
    line.dataset.earlyRow = String(row.id);
    const bullet = element(
      doc,
      "span",
      `ol-bullet${row.closed ? " ol-bullet-closed" : ""}${row.isPublic ? " ol-bullet-public" : ""}`,
    );
    line.append(bullet);
    if (row.label) line.append(typeTag(doc, row.label));
    line.append(element(doc, "span", "early-name", row.name));
    tree.append(line);
  }
  page.append(tree);
  screen.append(header, page);
  doc.body.append(screen);
  // Whoever reaches for the page once the app is up gets the app at once, even before its rows are in:
  // the screen is only a picture. Before the app has drawn anything, taking it away would show a blank
  // page, so it stays.
  const onInput = () => {
    if (doc.getElementById("root")?.childElementCount) dismissEarlyScreen(doc);
  };
  doc.addEventListener("keydown", onInput, { capture: true });
  doc.addEventListener("pointerdown", onInput, { capture: true });
  stopListening = () => {
    doc.removeEventListener("keydown", onInput, { capture: true });
    doc.removeEventListener("pointerdown", onInput, { capture: true });
  };
  setTimeout(() => dismissEarlyScreen(doc), GIVE_UP_MS);
  return true;
}

/** Removes the listeners of the screen drawn last (set by paintEarlyScreen). */
let stopListening = () => {};

/** Removes the early screen, if it is up: the app's page is showing (or will show) instead. */
export function dismissEarlyScreen(doc: Document = document): void {
  const screen = doc.getElementById(SCREEN_ID);
  if (!screen) return;
  screen.remove();
  stopListening();
}
