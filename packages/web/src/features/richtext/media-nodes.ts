import { mergeAttributes, Node } from "@tiptap/core";
import { isAllowedIframeSrc, isVideoFileSrc } from "./urls";

/**
 * A block that shows media from an address. Parsing checks the address too, so HTML from elsewhere
 * cannot smuggle in a `<video>` or `<iframe>` of another kind.
 */
function mediaNode(
  name: string,
  tag: "video" | "iframe",
  allowed: (src: string | null) => boolean,
  attrs: Record<string, string>,
) {
  return Node.create({
    name,
    group: "block",
    atom: true,
    draggable: true,
    addAttributes() {
      return { src: { default: null } };
    },
    parseHTML() {
      return [
        { tag: `${tag}[src]`, getAttrs: (element) => (allowed(element.getAttribute("src")) ? null : false) },
      ];
    },
    renderHTML({ HTMLAttributes }) {
      return [tag, mergeAttributes(HTMLAttributes, attrs)];
    },
  });
}

/** A video file, shown with the browser's controls. */
export const Video = mediaNode("video", "video", isVideoFileSrc, { controls: "true" });

/** A player page in an iframe, from the hosts the server's sanitiser allows (YouTube, bilibili, Youku). */
export const Embed = mediaNode("embed", "iframe", isAllowedIframeSrc, {
  width: "640",
  height: "360",
  allowfullscreen: "true",
});
