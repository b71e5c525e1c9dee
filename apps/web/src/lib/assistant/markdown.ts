/**
 * Model-written text → HTML: markdown by `marked`, then always through DOMPurify (the model's
 * text is untrusted: a completion may contain <script>, event handlers or javascript: links).
 * Browser only (DOMPurify needs a DOM).
 */
import DOMPurify from "dompurify";
import { Marked } from "marked";

const marked = new Marked({ gfm: true, breaks: true, async: false });

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    hooked = true;
    // Links open outside the app and never hand it the opener.
    DOMPurify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A") {
        node.setAttribute("target", "_blank");
        node.setAttribute("rel", "noopener noreferrer nofollow");
      }
    });
  }
  return DOMPurify;
}

export function renderMarkdown(text: string): string {
  const html = marked.parse(text) as string;
  return purifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "img"],
    FORBID_ATTR: ["style"],
  });
}
