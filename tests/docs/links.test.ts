import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README and docs/ link to each other by file and by heading; a moved section must not leave a
 * dead link behind. Anchors follow GitHub's heading slugs.
 */

const FILES = [
  "README.md",
  ...readdirSync("docs")
    .filter((f) => f.endsWith(".md"))
    .map((f) => join("docs", f)),
];

function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1] as string)));
}

function linksOf(file: string): string[] {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => !/^(https?:|mailto:)/.test(target));
}

describe("links between the README and docs/", () => {
  it.each(FILES)("%s links only to files and headings that exist", (file) => {
    const dead: string[] = [];
    for (const link of linksOf(file)) {
      const [path, anchor] = link.split("#") as [string, string | undefined];
      const target = path ? resolve(dirname(file), decodeURI(path)) : resolve(file);
      if (!existsSync(target)) dead.push(link);
      else if (anchor && target.endsWith(".md") && !anchorsOf(target).has(decodeURI(anchor))) dead.push(link);
    }
    expect(dead).toEqual([]);
  });
});
