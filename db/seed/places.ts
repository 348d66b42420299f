/**
 * The states and cities of the demo data: 15 states and 50 cities, fixed here so that the demo
 * stays the same when the site's location data (shared/places.ts, every state and union territory)
 * grows. Each is a place of that data (tests/unit/demo-data.test.ts checks it).
 */
export const DEMO_PLACES: Readonly<Record<string, readonly string[]>> = {
  Rajasthan: ["Jaipur", "Udaipur", "Jodhpur", "Jaisalmer", "Pushkar"],
  Maharashtra: ["Mumbai", "Pune", "Nagpur", "Nashik"],
  Delhi: ["New Delhi", "Dwarka", "Rohini"],
  Haryana: ["Gurugram", "Faridabad"],
  "Uttar Pradesh": ["Lucknow", "Agra", "Varanasi", "Noida", "Kanpur"],
  Karnataka: ["Bengaluru", "Mysuru", "Mangaluru"],
  "Tamil Nadu": ["Chennai", "Coimbatore", "Madurai"],
  Telangana: ["Hyderabad", "Warangal"],
  "West Bengal": ["Kolkata", "Siliguri", "Darjeeling"],
  Gujarat: ["Ahmedabad", "Surat", "Vadodara", "Rajkot"],
  Punjab: ["Amritsar", "Ludhiana", "Chandigarh"],
  Goa: ["Panaji", "Margao", "Calangute"],
  Kerala: ["Kochi", "Thiruvananthapuram", "Alappuzha"],
  "Madhya Pradesh": ["Indore", "Bhopal", "Gwalior"],
  Uttarakhand: ["Dehradun", "Rishikesh", "Mussoorie", "Nainital"],
};

export const ALL_CITIES: readonly { state: string; city: string }[] = Object.entries(DEMO_PLACES).flatMap(([state, cities]) =>
  cities.map((city) => ({ state, city })),
);
