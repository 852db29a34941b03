export const fullName = (u: { first_name: string; last_name: string }): string =>
  `${u.first_name} ${u.last_name}`.trim();
