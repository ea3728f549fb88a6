/** Page-level navigation, in one place so tests can replace it. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  goHome(): void {
    window.location.assign("/");
  },
};
