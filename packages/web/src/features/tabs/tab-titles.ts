import { zh } from "../../i18n/zh-CN";

const p = zh.pages;

// Fixed routes and their spec names (workspace-spec 2, people-spec 2).
const FIXED: Record<string, string> = {
  "/": p.home,
  "/ask": p.ask,
  "/xiaoxi": p.xiaoxi,
  "/myai": p.myai,
  "/public-knowledge": p.publicKnowledge,
  "/wenai": p.wenai,
  "/messages": p.messages,
  "/friends": p.friends,
  "/xingwei": p.xingwei,
  "/trash": p.trash,
  "/about": p.about,
  "/damen": p.damen,
  "/testwebsocket": p.testWebsocket,
  "/image/upload": p.imageUpload,
  "/empty": p.empty,
};

// Routes with a parameter; a node's or a user's own name replaces these once it is known.
const PATTERNS: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^\/data\/(\d+)\/RESOURCE$/, (m) => p.resource(m[1]!)],
  [
    /^\/data\/(\d+)\/([^/]+)$/,
    (m) => p.relation(m[1]!, zh.outliner.relationLabels[m[2]!] ?? safeDecode(m[2]!)),
  ],
  [/^\/data\/(\d+)$/, (m) => p.node(m[1]!)],
  [/^\/user\/(\d+)$/, (m) => p.user(m[1]!)],
  [/^\/dialogue\/([^/]+)$/, (m) => p.dialogue(m[1]!)],
  [/^\/tagset\/([^/]+)$/, (m) => p.tagset(m[1]!)],
  [/^\/tests?(-[\w-]+)?$/, () => p.test],
];

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The spec's name of the page at a URL, so no tab or window title is ever a raw URL. */
export function routeTitle(url: string): string {
  const path = url.split(/[?#]/)[0]!.replace(/(.)\/+$/, "$1");
  if (FIXED[path]) return FIXED[path];
  for (const [pattern, title] of PATTERNS) {
    const match = pattern.exec(path);
    if (match) return title(match);
  }
  return p.notFound;
}

/** The browser tab's title: the active tab's title, then the app's name. */
export const documentTitle = (title: string | null) => (title ? `${title} - ${zh.appName}` : zh.appName);
