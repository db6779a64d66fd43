/** Legal pages show the visitor's own date as "Last updated" (the HTML carries the build date). */
const time = document.querySelector('[data-viewed-date]');
if (time) {
  const today = new Date();
  time.textContent = today.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  time.setAttribute(
    'datetime',
    [today.getFullYear(), twoDigits(today.getMonth() + 1), twoDigits(today.getDate())].join('-'),
  );
}
