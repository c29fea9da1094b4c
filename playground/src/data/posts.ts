export const posts = [
  { slug: 'waxing-a-jacket', title: 'How to wax a cotton jacket' },
  { slug: 'trail-running-in-rain', title: 'Trail running in the rain' },
  { slug: 'packing-list', title: 'A three-day packing list' },
];
