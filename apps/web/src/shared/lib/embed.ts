/** The `src` of a stored embed code (the API keeps only an allowed iframe and its src). */
export function embedSrc(embed: string | null | undefined): string | null {
  if (!embed) return null;
  const match = /src="([^"]+)"/.exec(embed);
  return match ? match[1]!.replace(/&amp;/g, '&') : null;
}
