/** Six header avatar colours (people-spec 2 "App shell"). */
export const HEADER_AVATAR_COLORS = [
  "#f56a00",
  "#7265e6",
  "#ffbf00",
  "#00a2ae",
  "#87d068",
  "#1677ff",
] as const;
/** Five user-card avatar colours (people-spec 2 "User card"). */
export const CARD_AVATAR_COLORS = ["#f56a00", "#7265e6", "#ffbf00", "#00a2ae", "#87d068"] as const;

/** The initial shown in an avatar: the first character of the name, upper-cased when it has a case. */
export function avatarInitial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toUpperCase() : "?";
}

/** A colour picked from the palette by the name's first character, stable for the same name. */
export function avatarColor(name: string, palette: readonly string[] = HEADER_AVATAR_COLORS): string {
  const initial = avatarInitial(name);
  return palette[(initial.codePointAt(0) ?? 0) % palette.length] ?? "";
}
