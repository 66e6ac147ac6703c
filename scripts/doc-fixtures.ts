/** Values the doc examples use without declaring them (scripts/doc-examples.ts). */
export const now = "2026-11-22T00:00:00Z"
