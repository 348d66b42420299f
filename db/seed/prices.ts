/**
 * What the demo's listings charge: a range in rupees for each subcategory and price unit, as
 * Indian wedding vendors quote (a banquet hall per hour is thousands, per event lakhs; a plate
 * hundreds; a lehenga tens of thousands). A listing's starting price falls in its range on a log
 * scale and is rounded as a vendor would write it.
 */
type Range = readonly [low: number, high: number];

const K = 1000;
const L = 100_000;

export const PRICE_RANGES: Readonly<Record<string, Readonly<Record<string, Range>>>> = {
  "Wedding Lawns Farmhouse": { "Per Day": [50 * K, 5 * L], "Per Event": [40 * K, 4 * L], "Per Plate": [600, 2500] },
  Hotel: { "Per Day": [1 * L, 10 * L], "Per Room": [3 * K, 25 * K], "Per Booking": [1 * L, 15 * L] },
  "Banquet Halls": { "Per Event": [50 * K, 5 * L], "Per Hour": [5 * K, 40 * K] },
  "Marriage Garden": { "Per Day": [40 * K, 3 * L], "Per Event": [30 * K, 2.5 * L] },
  "Wedding Halls": { "Per Event": [40 * K, 3 * L], "Per Hour": [4 * K, 30 * K], "Per Plate": [500, 2000] },
  "Wedding Resorts": { "Per Day": [2 * L, 15 * L], "Per Room": [5 * K, 30 * K], "Per Package": [5 * L, 40 * L] },
  Caterers: { "Per Plate": [400, 3000], "Per Guest": [450, 3500], "Package Pricing": [1 * L, 15 * L] },
  "Wedding Invitation": { "Per Card": [40, 800], "Per 100 Cards": [3 * K, 60 * K] },
  "Wedding Decor": { "Per Event": [25 * K, 5 * L], "Package Pricing": [1 * L, 15 * L] },
  "Wedding Gift": { "Per Piece": [300, 8 * K], "Per Hamper": [800, 15 * K] },
  "Wedding Photographers": { "Per Day": [25 * K, 2 * L], "Per Event": [20 * K, 1.5 * L], "Package Pricing": [75 * K, 8 * L] },
  "Wedding Coordinators": { "Per Event": [15 * K, 1.5 * L], "Per Day": [10 * K, 75 * K] },
  "Wedding Music": { "Per Event": [15 * K, 2 * L], "Per Hour": [5 * K, 40 * K] },
  "Wedding Videographers": { "Per Day": [25 * K, 2 * L], "Per Event": [20 * K, 1.5 * L], "Package Pricing": [75 * K, 6 * L] },
  "Wedding Transportation": { "Per Vehicle": [3 * K, 50 * K], "Per Day": [4 * K, 60 * K], "Per Km": [20, 150] },
  "Wedding House": { "Per Day": [20 * K, 3 * L], "Per Event": [20 * K, 2.5 * L] },
  "Tent House": { "Per Event": [15 * K, 3 * L], "Per Day": [10 * K, 2 * L], "Per Square Foot": [15, 120] },
  "Wedding Entertainment": { "Per Event": [20 * K, 3 * L], "Per Hour": [5 * K, 50 * K], "Per Performance": [10 * K, 2 * L] },
  Florists: { "Per Event": [10 * K, 2 * L], "Per Arrangement": [1.5 * K, 25 * K] },
  "Wedding Planner": { "Fixed Fee": [1 * L, 20 * L], "Percentage of Budget": [5, 15] },
  "Wedding Decoration": { "Per Event": [25 * K, 5 * L], "Per Day": [20 * K, 3 * L], "Package Pricing": [1 * L, 15 * L] },
  "Wedding Cakes": { "Per Kg": [800, 4 * K], "Per Cake": [3 * K, 60 * K] },
  "Wedding Agencies": { "Per Event": [50 * K, 5 * L], "Package Pricing": [2 * L, 25 * L] },
  "Wedding DJ": { "Per Event": [10 * K, 1.5 * L], "Per Hour": [3 * K, 20 * K] },
  Pandit: { "Per Ceremony": [5 * K, 51 * K], "Per Day": [5 * K, 31 * K] },
  Photobooth: { "Per Event": [10 * K, 60 * K], "Per Hour": [3 * K, 15 * K] },
  Astrologers: { "Per Consultation": [500, 11 * K], "Per Package": [2.1 * K, 51 * K] },
  Invitation: { "Per Card": [40, 800], "Per 100 Cards": [3 * K, 60 * K], "Per Design": [2 * K, 25 * K] },
  "Bridal Lahenga": { "Per Outfit": [25 * K, 5 * L], "Per Rental Period": [5 * K, 60 * K] },
  "Bridal Jewellery": { "Per Set": [15 * K, 5 * L], "Per Rental Period": [3 * K, 40 * K] },
  "Bridal Makeup Artist": { "Per Function": [8 * K, 75 * K], "Per Package": [25 * K, 2.5 * L] },
  "Mehndi Artist": { "Per Function": [3 * K, 40 * K], "Per Hand": [300, 5 * K], "Per Package": [8 * K, 75 * K] },
  "Makeup Salon": { "Per Session": [1.5 * K, 25 * K], "Per Package": [8 * K, 1 * L] },
  Sherwani: { "Per Outfit": [10 * K, 2.5 * L], "Per Rental Period": [3 * K, 30 * K] },
  "Men's Grooming": { "Per Session": [800, 8 * K], "Per Package": [3 * K, 35 * K] },
  "Men's Accessories": { "Per Piece": [500, 25 * K], "Per Set": [2 * K, 60 * K] },
};

/** Rounded as quoted: tens under ₹1,000, hundreds under ₹10,000, then five hundreds, then thousands. */
function roundQuote(n: number): number {
  const step = n < 100 ? 1 : n < 1000 ? 10 : n < 10 * K ? 100 : n < 1 * L ? 500 : 5000;
  return Math.max(step, Math.round(n / step) * step);
}

/** The starting price for a subcategory and unit at `position` (0 to 1) of its range, on a log scale. */
export function demoPrice(subcategory: string, unit: string, position: number): number {
  const range = PRICE_RANGES[subcategory]?.[unit];
  if (!range) throw new Error(`No demo price range for ${subcategory} ${unit}`);
  const [low, high] = range;
  return roundQuote(low * Math.pow(high / low, Math.min(1, Math.max(0, position))));
}
