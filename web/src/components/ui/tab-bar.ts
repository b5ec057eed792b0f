/**
 * For a row of tabs that scrolls sideways (class `tab-bar`): the ref of the current tab, which
 * brings it into view, so on a phone the selected tab is never off-screen.
 */
export function scrollIntoViewSideways(element: HTMLElement | null): void {
  element?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
}
