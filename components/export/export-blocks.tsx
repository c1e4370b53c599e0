import type { CSSProperties, ReactNode } from "react";
import { type Block, type Inline, markLabel } from "@/lib/export/answer-blocks";
import { STATUS_LABEL } from "@/lib/rag/citations";

/**
 * An answer's blocks (lib/export/answer-blocks.ts) as HTML for paper and for the clipboard: real
 * tables, lists, bold, each case number followed by its status and support mark, a flagged one by
 * ⚠ and why.
 * The look that matters is set in `style` attributes, not classes: pasted into Word, 한글 or a
 * mail, the copied HTML keeps its table borders and the marks' colours.
 */

const CELL: CSSProperties = { border: "1px solid #999", padding: "2px 6px", verticalAlign: "top" };
const MARK: Record<string, CSSProperties> = {
  supported: { color: "#047857" },
  partly: { color: "#b45309" },
  unsupported: { color: "#b91c1c" },
};
const FLAG: CSSProperties = { color: "#9a3412", background: "#fef3c7", fontWeight: 600 };
const OUTSIDE: CSSProperties = { color: "#0369a1", fontSize: "0.85em" };

function Inlines({ list }: { list: Inline[] }) {
  return (
    <>
      {list.map((inline, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: a static rendering of fixed content
        return <InlineView key={i} inline={inline} />;
      })}
    </>
  );
}

function InlineView({ inline }: { inline: Inline }) {
  if (inline.kind === "break") return <br />;
  if (inline.kind === "text") {
    let out: ReactNode = inline.code ? <code>{inline.text}</code> : inline.text;
    if (inline.italic) out = <em>{out}</em>;
    return inline.bold ? <strong>{out}</strong> : out;
  }
  const number = inline.bold ? <strong>{inline.text}</strong> : inline.text;
  return (
    <>
      <span data-testid="export-citation" data-case-no={inline.caseNo} data-status={inline.status}>
        {number}
      </span>
      {inline.flag ? (
        <span data-testid="export-flag" style={FLAG}>
          {" "}
          ⚠ 확인 필요: {inline.flag}
        </span>
      ) : null}
      {inline.status === "corpus" ? (
        <span data-testid="export-outside" style={OUTSIDE}>
          {" "}
          [{STATUS_LABEL.corpus}]
        </span>
      ) : null}
      {inline.verdict ? (
        <span
          data-testid="export-mark"
          data-verdict={inline.verdict}
          style={{ ...MARK[inline.verdict], fontSize: "0.85em" }}
        >
          {" "}
          [{markLabel(inline.verdict)}]
        </span>
      ) : null}
      {inline.overruled ? <span style={{ ...MARK.unsupported, fontWeight: 600 }}> [변경된 판례]</span> : null}
      {inline.mismatch ? (
        <span data-testid="export-mismatch" style={FLAG}>
          {" "}
          [⚠ {inline.mismatch}]
        </span>
      ) : null}
    </>
  );
}

function BlockView({ block, tight }: { block: Block; tight?: boolean }) {
  switch (block.kind) {
    case "heading":
      return (
        <h3 className="mt-2 font-semibold">
          <Inlines list={block.inlines} />
        </h3>
      );
    case "paragraph":
      // A tight list item's text sits in the item itself, as on screen (no paragraph gap).
      return tight ? (
        <Inlines list={block.inlines} />
      ) : (
        <p>
          <Inlines list={block.inlines} />
        </p>
      );
    case "code":
      return <pre className="whitespace-pre-wrap text-[10pt]">{block.text}</pre>;
    case "quote":
      return (
        <blockquote style={{ borderLeft: "2px solid #ccc", paddingLeft: "0.75em" }}>
          <ExportBlocks blocks={block.blocks} />
        </blockquote>
      );
    case "rule":
      return <hr />;
    case "table":
      return (
        <table style={{ borderCollapse: "collapse", margin: "0.25em 0" }}>
          <tbody>
            {block.rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a static rendering of fixed content
              <tr key={r}>
                {row.map((cell, c) => {
                  const style = { ...CELL, textAlign: block.align[c] ?? undefined };
                  return r === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a static rendering of fixed content
                    <th key={c} style={{ ...style, background: "#f1f5f9" }}>
                      <Inlines list={cell} />
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a static rendering of fixed content
                    <td key={c} style={style}>
                      <Inlines list={cell} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case "list": {
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static rendering of fixed content
        <li key={i}>
          <ExportBlocks blocks={item} tight={block.tight} />
        </li>
      ));
      return block.ordered ? (
        <ol start={block.start} style={{ listStyle: "decimal", paddingLeft: "1.5em" }}>
          {items}
        </ol>
      ) : (
        <ul style={{ listStyle: "disc", paddingLeft: "1.5em" }}>{items}</ul>
      );
    }
  }
}

export function ExportBlocks({ blocks, tight }: { blocks: Block[]; tight?: boolean }) {
  return (
    <>
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static rendering of fixed content
        <BlockView key={i} block={block} tight={tight} />
      ))}
    </>
  );
}
