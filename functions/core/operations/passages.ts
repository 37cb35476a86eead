/** A page's markdown as passages: what extractive answers quote, and how walked pages tell new content from seen. */

/** Paragraph-sized chunks of the markdown; a heading travels with the paragraph under it, so a quote keeps its context. */
export const passagesOf = (markdown: string): string[] => {
  const passages: string[] = [];
  let heading = '';
  for (const block of markdown
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)) {
    if (/^#{1,6}\s/.test(block) && !block.includes('\n')) {
      heading = heading ? `${heading}\n${block}` : block;
      continue;
    }
    passages.push(heading ? `${heading}\n\n${block}` : block);
    heading = '';
  }
  if (heading) passages.push(heading);
  return passages;
};
