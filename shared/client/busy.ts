/**
 * For a button whose request is in flight and that stays where it is (a toggle, a status choice):
 * `disabled` would make the browser move keyboard focus to <body> (HTML's focus fixup), so the
 * person pressing it with the keyboard loses their place. `aria-disabled` tells the same to
 * assistive technology and keeps focus; the button's handler ignores presses meanwhile, and
 * `.btn[aria-disabled="true"]` (theme.css) looks like a disabled button.
 *
 *   <button {...busyProps(mutation.isPending)} onClick={() => mutation.isPending || mutation.mutate()}>
 */
export function busyProps(pending: boolean): { "aria-disabled"?: true } {
  return pending ? { "aria-disabled": true } : {};
}
