import { slugify } from "./slug.ts";

/**
 * The places a service or a vendor can be in: a map of state (region) to its cities, the spec's
 * "location data". Every state and union territory of India, alphabetically, with its main cities
 * (and the wedding towns people ask for). Forms offer these and the domain accepts only these (a
 * city must belong to the chosen state); old and common names (Vizag, Bangalore) are in
 * shared/place-names.ts. The demo data is generated over its own fixed part (db/seed/places.ts).
 */
export const PLACES: Record<string, readonly string[]> = {
  "Andaman and Nicobar Islands": ["Port Blair", "Havelock Island"],
  "Andhra Pradesh": ["Visakhapatnam", "Vijayawada", "Tirupati", "Guntur", "Nellore", "Rajahmundry"],
  "Arunachal Pradesh": ["Itanagar", "Tawang"],
  Assam: ["Guwahati", "Dibrugarh", "Silchar", "Jorhat"],
  Bihar: ["Patna", "Gaya", "Bhagalpur", "Muzaffarpur"],
  Chandigarh: ["Chandigarh"],
  Chhattisgarh: ["Raipur", "Bhilai", "Bilaspur"],
  "Dadra and Nagar Haveli and Daman and Diu": ["Daman", "Diu", "Silvassa"],
  Delhi: ["New Delhi", "Dwarka", "Rohini"],
  Goa: ["Panaji", "Margao", "Calangute"],
  Gujarat: ["Ahmedabad", "Surat", "Vadodara", "Rajkot", "Gandhinagar"],
  Haryana: ["Gurugram", "Faridabad", "Panipat", "Ambala", "Karnal"],
  "Himachal Pradesh": ["Shimla", "Manali", "Dharamshala"],
  "Jammu and Kashmir": ["Srinagar", "Jammu", "Gulmarg"],
  Jharkhand: ["Ranchi", "Jamshedpur", "Dhanbad"],
  Karnataka: ["Bengaluru", "Mysuru", "Mangaluru", "Hubballi", "Belagavi"],
  Kerala: ["Kochi", "Thiruvananthapuram", "Alappuzha", "Kozhikode", "Thrissur"],
  Ladakh: ["Leh", "Kargil"],
  Lakshadweep: ["Kavaratti"],
  "Madhya Pradesh": ["Indore", "Bhopal", "Gwalior", "Jabalpur", "Ujjain"],
  Maharashtra: ["Mumbai", "Pune", "Nagpur", "Nashik", "Thane", "Aurangabad", "Kolhapur"],
  Manipur: ["Imphal"],
  Meghalaya: ["Shillong"],
  Mizoram: ["Aizawl"],
  Nagaland: ["Kohima", "Dimapur"],
  Odisha: ["Bhubaneswar", "Cuttack", "Puri"],
  Puducherry: ["Puducherry", "Karaikal"],
  Punjab: ["Amritsar", "Ludhiana", "Chandigarh", "Jalandhar", "Patiala"],
  Rajasthan: ["Jaipur", "Udaipur", "Jodhpur", "Jaisalmer", "Pushkar", "Ajmer", "Kota", "Bikaner"],
  Sikkim: ["Gangtok"],
  "Tamil Nadu": ["Chennai", "Coimbatore", "Madurai", "Tiruchirappalli", "Salem"],
  Telangana: ["Hyderabad", "Warangal"],
  Tripura: ["Agartala"],
  "Uttar Pradesh": ["Lucknow", "Agra", "Varanasi", "Noida", "Kanpur", "Prayagraj", "Ghaziabad", "Mathura"],
  Uttarakhand: ["Dehradun", "Rishikesh", "Mussoorie", "Nainital", "Haridwar"],
  "West Bengal": ["Kolkata", "Siliguri", "Darjeeling", "Durgapur"],
};

export const STATE_NAMES: readonly string[] = Object.keys(PLACES);

/** The stored state name for a name or slug in any case, or undefined. */
export function findState(text: string): string | undefined {
  const slug = slugify(text);
  return STATE_NAMES.find((s) => slugify(s) === slug);
}

/** The stored city name of that state for a name or slug in any case, or undefined (also for a city of another state). */
export function findCity(state: string, text: string): string | undefined {
  const slug = slugify(text);
  return PLACES[state]?.find((c) => slugify(c) === slug);
}
