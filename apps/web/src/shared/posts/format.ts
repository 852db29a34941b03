/** Who wrote a post or a comment: the company's name, else the user's. */
export function authorName(item: {
  author: { first_name: string; last_name: string } | null;
  company: { name: string } | null;
}): string {
  if (item.company) return item.company.name;
  if (item.author) return `${item.author.first_name} ${item.author.last_name}`.trim();
  return '';
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
