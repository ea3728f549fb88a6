import { mergeAttributes, Node } from "@tiptap/core";
import { isAllowedIframeSrc, isVideoFileSrc } from "./urls";

/**
 * A video file, shown with the browser's controls. Parsing checks the address too, so HTML from
 * elsewhere cannot smuggle a `<video>` of another kind into the editor.
 */
export const Video = Node.create({
  name: "video",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: "video[src]",
        getAttrs: (element) => (isVideoFileSrc(element.getAttribute("src")) ? null : false),
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ["video", mergeAttributes(HTMLAttributes, { controls: "true" })];
  },
});

/** A player page in an iframe, from the hosts the server's sanitiser allows (YouTube, bilibili, Youku). */
export const Embed = Node.create({
  name: "embed",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: "iframe[src]",
        getAttrs: (element) => (isAllowedIframeSrc(element.getAttribute("src")) ? null : false),
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return [
      "iframe",
      mergeAttributes(HTMLAttributes, { width: "640", height: "360", allowfullscreen: "true" }),
    ];
  },
});
