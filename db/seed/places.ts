/** States and cities of the demo data: 14 states, 48 cities where weddings are big business. */
export const PLACES: Record<string, readonly string[]> = {
  Rajasthan: ["Jaipur", "Udaipur", "Jodhpur", "Jaisalmer", "Pushkar"],
  Maharashtra: ["Mumbai", "Pune", "Nagpur", "Nashik"],
  Delhi: ["New Delhi", "Dwarka", "Rohini"],
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

export const ALL_CITIES: readonly { state: string; city: string }[] = Object.entries(PLACES).flatMap(([state, cities]) =>
  cities.map((city) => ({ state, city })),
);
