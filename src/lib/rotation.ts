/** Index of the next item of a rotating list, wrapping from the last back to the first. */
export function nextIndex(current: number, length: number): number {
  if (length <= 0) return 0;
  return (current + 1) % length;
}
