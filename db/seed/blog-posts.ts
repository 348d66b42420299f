/**
 * The demo blog (issue 14): planning guides written for this project, with a cover drawn per post
 * (SVG, like the other demo images: docs/decisions/0001). Loaded by scripts/seed.mjs when the blog
 * is empty and on --reset. Times are relative to the demo clock, so the home page always shows the
 * same six; one post is a draft and one is scheduled a year ahead, for the admins' views.
 */

export type DemoBlogPost = {
  urlTitle: string;
  title: string;
  excerpt: string;
  tags: string[];
  /** Days before the demo clock it was published (negative: scheduled after it); null for a draft. */
  daysAgo: number | null;
  palette: [string, string, string];
  motif: "arch" | "lotus" | "wave" | "rupee" | "mehendi" | "flame" | "dome" | "bells";
  content: string;
};

export const DEMO_BLOG_TAGS = ["Venues", "Budget", "Functions", "Destination weddings", "Vendors", "Planning", "Décor", "Traditions"];

export const DEMO_BLOG_POSTS: DemoBlogPost[] = [
  {
    urlTitle: "udaipur-palace-weddings-guide",
    title: "Udaipur palace weddings: how to choose between lake, palace and haveli",
    excerpt: "Udaipur has three kinds of wedding venue and each changes the guest list, the dates you can get and what you will spend. Here is how to choose.",
    tags: ["Venues", "Destination weddings"],
    daysAgo: 6,
    palette: ["#7a1f3d", "#e3b04b", "#fdf3e7"],
    motif: "dome",
    content: `Udaipur is the city most couples name first when they think of a royal wedding, and for good reason: lakes, hills and palaces within a short drive of each other. But "a palace wedding in Udaipur" covers three quite different kinds of venue.

## Lake palaces and island venues

The venues on or beside Lake Pichola give you the photographs everyone imagines. They also come with the tightest rules:

- **Guest numbers are capped** by the size of the courtyards and the boats that bring people across. Plan for 150 to 250 guests, not 600.
- **Sound stops early.** Most lake venues end amplified music by 10 pm, so the Sangeet moves to another property or ends with an acoustic set.
- **Everything arrives by boat**, from the mandap to the caterer's ovens. Ask who pays for the extra crossings.

## Palace hotels on the hills

Further out of the old city, palace hotels have lawns large enough for a baraat with horses and a band, and rooms for the whole family on one property. This is the easiest choice for a three-day wedding with 300 or more guests.

## Havelis in the old city

Restored havelis are smaller and warmer. They suit a Mehendi or a family lunch more than the main ceremony, and many couples book one for a single function and a hotel for the rest.

## Dates and booking

October to February is the season, and the auspicious dates in November and December go a year ahead. If your family is flexible about the muhurat, ask your pandit for two or three possible dates before you call venues: it is the quickest way to get a yes.

## Questions to ask every venue

1. Is there an exclusive buy-out, and what does it include?
2. Which décor and catering vendors are allowed from outside?
3. What is the plan if it rains during an outdoor function?
4. When must the final guest count be given, and what happens if it changes?

Compare the answers side by side before you pay a deposit. A venue that looks cheaper per plate can cost more once boats, generator back-up and outside-vendor fees are added.`,
  },
  {
    urlTitle: "10-lakh-wedding-budget-breakdown",
    title: "A ₹10 lakh wedding: where the money actually goes",
    excerpt: "A realistic split of a ₹10 lakh budget for about 200 guests, with the line items families forget and how to keep a buffer.",
    tags: ["Budget", "Planning"],
    daysAgo: 13,
    palette: ["#14532d", "#e3b04b", "#f7fbf3"],
    motif: "rupee",
    content: `A budget only helps if it is written down before the first booking. Here is one way to split ₹10 lakh for a wedding of about 200 guests in a tier-2 city, with the ceremony and reception on the same day.

## A starting split

| Category | Share | Amount |
|---|---|---|
| Venue and catering | 45% | ₹4,50,000 |
| Décor and lighting | 12% | ₹1,20,000 |
| Photography and video | 10% | ₹1,00,000 |
| Outfits and jewellery | 15% | ₹1,50,000 |
| Makeup, mehendi, hair | 4% | ₹40,000 |
| Invitations and gifts | 4% | ₹40,000 |
| Buffer | 10% | ₹1,00,000 |

These are starting points, not rules. If the food matters most to your families, move money from décor; if you are flying relatives in, add a travel line before anything else.

## The items families forget

- **Taxes.** Ask whether every quote includes GST; an 18% surprise on décor hurts.
- **Tips and transport** for the band, the dhol players, the drivers and the venue staff.
- **Extra plates.** Caterers charge for the final count plus a margin; confirm how many extra plates are included.
- **Outfit alterations** and a second pair of shoes for the reception.

## Keep the buffer untouched

The buffer is not for upgrades. It is for the things nobody can plan: a generator hire when the power fails, a last-minute room block, a vendor who raises a price. Families who spend the buffer in the first month usually end up borrowing in the last one.

## Track it as you go

Write down every quote, advance and balance with its due date. In the Mandap budget planner you can enter a total, split it into categories and see what is booked, paid and still due against each one.`,
  },
  {
    urlTitle: "mehendi-ceremony-planning-guide",
    title: "Planning the Mehendi: timings, artists and keeping guests happy",
    excerpt: "How long bridal mehendi really takes, how many artists you need for the guests, and small touches that make the afternoon easy.",
    tags: ["Functions", "Vendors"],
    daysAgo: 20,
    palette: ["#166534", "#f59e0b", "#fefce8"],
    motif: "mehendi",
    content: `The Mehendi is the most relaxed function of the wedding, but it runs to a clock that many families underestimate.

## How long it takes

Bridal mehendi covering hands and feet to the elbows and knees takes **four to six hours** with a skilled artist, plus drying time. Start the bride in the morning and let guests arrive after lunch.

## How many artists you need

A rule of thumb: one artist can do simple designs on **eight to ten guests an hour**. For 80 guests who want mehendi over three hours, book three artists besides the bride's artist.

## Questions for the artist

- Do they mix their own paste, and is it free of chemical dyes? Ask for a patch test if anyone has sensitive skin.
- Do they charge per hand, per hour or a package for the bride and a number of guests?
- Will they hide the groom's name in the design? It is a tradition many families still enjoy.

## Comfort for guests

- Low seating with cushions and a few chairs for older relatives.
- Food that can be eaten without hands: chaat served with spoons, or someone feeding the bride.
- A playlist or a dholki in the corner; the Mehendi is when the singing starts.

## After the mehendi

The colour deepens for two days. Keep the paste on as long as possible, avoid water for a few hours and apply a little lemon-sugar mix to keep it moist. Schedule the Mehendi at least two days before the wedding so the colour peaks on the day.`,
  },
  {
    urlTitle: "sangeet-night-planning",
    title: "A Sangeet that runs on time: performances, sound and the running order",
    excerpt: "From choreographer rehearsals to the DJ's cue sheet, a simple plan for a Sangeet night where every family gets its moment.",
    tags: ["Functions", "Planning"],
    daysAgo: 27,
    palette: ["#581c87", "#f472b6", "#fdf4ff"],
    motif: "bells",
    content: `The Sangeet is where both families perform for each other, and it is also the function most likely to run two hours late. A little structure keeps it joyful.

## Decide the number of performances early

Ten performances of four minutes each is already forty minutes of stage time, before introductions and costume changes. Agree a number with both families a month ahead.

## Rehearse with the choreographer

- Book the choreographer six to eight weeks before the wedding; popular ones fill up in the season.
- Give each group two or three rehearsals and one full run-through on the stage the day before.
- Keep the older relatives' dance short and sweet: everyone remembers it anyway.

## A cue sheet for the DJ

Write the running order on one page: the name of each act, the song file, who introduces it and whether the lights dim. Give a copy to the DJ, the anchor and one person from each family.

## Sound and the venue's rules

Check when amplified music must stop. Many city venues and hotels end at 10 pm; if your Sangeet starts at 8, the dancing after the performances may be only half an hour.

## Food timing

Serve snacks during the performances and open dinner straight after the last act, not in the middle. Guests who leave the lawn for the buffet rarely come back to watch.`,
  },
  {
    urlTitle: "goa-beach-wedding-checklist",
    title: "Goa beach weddings: permissions, weather and the guest experience",
    excerpt: "What couples planning a beach wedding in Goa should settle first: permissions, the monsoon calendar, the wind, and getting 150 guests there.",
    tags: ["Destination weddings", "Venues"],
    daysAgo: 34,
    palette: ["#0e7490", "#fbbf24", "#ecfeff"],
    motif: "wave",
    content: `A sunset ceremony on the sand is the picture; the planning behind it is mostly about permissions, weather and logistics.

## Pick the season

Plan between **mid-November and February**. The monsoon runs from June to September and beach shacks and some resorts close; March and April are hot and humid for guests in silk.

## Beach or resort lawn

Public beaches need permissions from the local authorities and have limits on sound and timing. Resort beachfronts and lawns are simpler: the resort arranges the permission, and you have a covered plan for rain or wind.

## Wind changes everything

Sea breeze lifts light fabric, blows out diyas and carries sound away. Tell your décor team it is a beach wedding so they weigh down drapes, use lanterns instead of open flames and place speakers close to the guests.

## Getting guests there

- Share flight and train options as soon as dates are fixed: fares to Goa rise sharply in December.
- Block rooms close to the venue and arrange shuttles; taxis at night can be hard to find.
- Send a simple guide with the dress code, the weather and what to pack.

## A note on the pheras

Many families hold the ceremony at golden hour. Check the sunset time for your date and start the pheras forty minutes before it, so the photographs catch the light and the ceremony is not rushed.`,
  },
  {
    urlTitle: "delhi-ncr-banquet-halls-vs-farmhouses",
    title: "Delhi NCR: banquet hall, hotel or farmhouse?",
    excerpt: "The three kinds of wedding venue in Delhi, Gurugram and Noida, what each costs you in flexibility, and the questions to ask before booking.",
    tags: ["Venues", "Budget"],
    daysAgo: 41,
    palette: ["#9a3412", "#facc15", "#fff7ed"],
    motif: "arch",
    content: `In Delhi NCR most weddings happen in one of three kinds of venue. Each has a different idea of what is included.

## Banquet halls

Banquet halls are priced per plate, with décor, lighting and sometimes the DJ bundled in. They are the easiest to book and the most predictable.

- Good for: winter weddings of 200 to 600 guests, and anyone who wants one bill.
- Watch out for: fixed in-house décor packages, and back-to-back bookings that limit your setup time.

## Hotels

Hotels add rooms, valet parking and service standards. Food is usually better and so is the price. Ask which functions can be held on the lawn and which must move indoors, and what the hotel charges for outside décor vendors.

## Farmhouses

Farmhouses in Chhatarpur, on the Gurugram side and along the expressways give you a blank lawn for a night. You bring the caterer, the décor, the generators and the tents.

- Good for: large guest lists, a long baraat and late nights.
- Watch out for: everything is on you, including toilets, power back-up and parking attendants.

## Questions for any venue

1. How many hours do we have, including setup and clearing?
2. Is there a minimum guaranteed number of plates?
3. Which vendors must we use, and what is the fee for outside vendors?
4. What happens if it rains or the fog delays the baraat?

Shortlist three venues, ask for written quotes with taxes, and compare them in one place before a family visit.`,
  },
  {
    urlTitle: "anand-karaj-sikh-wedding-planning",
    title: "Planning an Anand Karaj: the gurdwara, the laavaan and the day after",
    excerpt: "A practical guide to the Sikh wedding ceremony: booking the gurdwara, what happens during the four laavaan, and planning the reception.",
    tags: ["Traditions", "Functions"],
    daysAgo: 48,
    palette: ["#1e3a8a", "#f59e0b", "#eff6ff"],
    motif: "flame",
    content: `The Anand Karaj is a morning ceremony held in the presence of the Guru Granth Sahib. It is simple, and the simplicity is the point.

## Booking the gurdwara

Speak to the gurdwara committee early: they will tell you the available dates, the time the ceremony must begin, and what the langar arrangements are. Most ceremonies begin in the morning, so the rest of the day is free for the family lunch and the reception.

## What happens in the ceremony

- The couple sit before the Guru Granth Sahib; the bride's father places one end of the palla, the scarf, in the groom's hand and the other in the bride's.
- Four hymns, the **laavaan**, are read and sung. After each, the couple walk around the Guru Granth Sahib, the groom leading.
- The ceremony ends with the Ardas and the distribution of karah prashad.

## Dress and etiquette for guests

Guests cover their heads, remove their shoes and sit on the floor. Put this in the invitation so nobody is caught out; a basket of head scarves at the entrance helps.

## The rest of the day

Many families hold a lunch after the ceremony and the reception in the evening at a separate venue. Leave three to four hours between them: the bride and groom need time to change, and the photographer needs daylight for portraits.`,
  },
  {
    urlTitle: "how-to-shortlist-a-wedding-photographer",
    title: "How to shortlist a wedding photographer in a week",
    excerpt: "Full galleries beat highlight reels. A week-long plan to go from fifty Instagram profiles to the one photographer you trust with the day.",
    tags: ["Vendors", "Planning"],
    daysAgo: 55,
    palette: ["#312e81", "#fb7185", "#eef2ff"],
    motif: "lotus",
    content: `Photographs are what remain after the wedding, and choosing the person who takes them is easier with a plan.

## Day 1 and 2: cut fifty to ten

Browse photographers in your city and save the ones whose style you like: candid or posed, bright or moody, documentary or editorial. Filter by your dates and budget before you fall in love with anyone.

## Day 3: ask for full galleries

A highlight reel shows the best twenty frames of a hundred weddings. Ask each of your ten for **two complete wedding galleries**, ideally at a venue like yours. Look for:

- faces in low light at the Sangeet,
- the pheras from more than one angle,
- family portraits where everyone's eyes are open.

## Day 4 and 5: talk to five

Call or meet the five you still like. Ask who will actually shoot your wedding, how many people come, when you get the photos and in what form, and what happens if the lead photographer falls ill.

## Day 6: compare written quotes

Put the quotes side by side: hours of coverage, number of photographers and videographers, albums, raw files, travel and taxes. The cheapest quote often leaves out the album or the second shooter.

## Day 7: book and write it down

Pay the advance only against a written agreement with dates, deliverables and the cancellation terms. Keep it with the rest of your bookings so the balance due date does not slip.`,
  },
  {
    urlTitle: "haldi-ceremony-ideas",
    title: "Haldi ceremony ideas that are easy on the bride and the laundry",
    excerpt: "Marigold décor, a paste that washes off, clothes you will not mind staining and a morning schedule that leaves time to rest.",
    tags: ["Functions", "Décor"],
    daysAgo: 62,
    palette: ["#a16207", "#f97316", "#fefce8"],
    motif: "lotus",
    content: `The Haldi is the messiest and happiest function of the wedding. A few choices make it easier for everyone.

## Schedule it in the morning

Hold the Haldi on the morning of the wedding day or the day before. Leave at least three hours before the next function: the turmeric takes time to wash off, and the bride deserves a rest.

## The paste

Turmeric, gram flour, a little curd or milk and rose water is the usual mix. Make a small batch first and try it on an arm: some turmeric stains for days.

## What to wear

Yellow and white are traditional, but choose cotton over silk and clothes you will not mind staining. Tell guests in advance; the cousins will arrive in their best otherwise.

## Décor

- Marigold strings and banana leaves are cheap, fresh and photograph beautifully.
- Put a low seat for the bride under a small canopy, and sheets on the floor around it.
- Keep buckets of water, towels and a shaded area for older relatives.

## After the Haldi

Plan the bath: a room close by with hot water, and someone to help with hair. If the Haldi is on the wedding day, tell the makeup artist so they can plan around a fresh, slightly golden face.`,
  },
  {
    urlTitle: "christian-church-wedding-india-planning",
    title: "A church wedding in India: banns, rehearsals and the reception",
    excerpt: "What to arrange with your parish months ahead, how the rehearsal works, and how families combine a church service with Indian celebrations.",
    tags: ["Traditions", "Planning"],
    daysAgo: 69,
    palette: ["#0f766e", "#f9a8d4", "#f0fdfa"],
    motif: "arch",
    content: `Christian weddings in India blend the church service with celebrations that feel at home in Kerala, Goa, the North East or Mumbai. The church side needs the earliest start.

## Talk to your parish first

Meet your parish priest **three to six months** ahead. Most churches ask for baptism and confirmation certificates, a marriage preparation course, and the publication of banns on consecutive Sundays. Dates in December fill quickly.

## Choosing the music and readings

Discuss the hymns and readings with the priest and the choir. If you want a particular song for the entrance or the signing of the register, check that it is allowed in your church.

## The rehearsal

Hold a rehearsal in the church a day or two before, with the bridal party, the ring bearer and the flower girls. Walk the entrance and the exit once at the real pace; it will feel too slow, and that is right.

## Family traditions

Many families keep customs from their region: the Roce in Goa and Mangalore, where coconut milk is applied the day before, or the Mantrakodi sari in Kerala. Put them on the schedule with the same care as the service.

## The reception

Leave time between the service and the reception for photographs and a change of clothes. A toast, the first dance, the cake and a band are the usual order; agree it with the master of ceremonies.`,
  },
  {
    urlTitle: "wedding-planning-timeline-12-months",
    title: "The 12-month wedding planning timeline",
    excerpt: "What to book a year ahead, what can wait until three months before, and the jobs for the last week, month by month.",
    tags: ["Planning"],
    daysAgo: 76,
    palette: ["#7a1f3d", "#fb923c", "#fff7ed"],
    motif: "bells",
    content: `A year sounds long until you list everything that has to happen. Here is the order that works for most Indian weddings.

## 12 to 9 months

- Fix the budget and the approximate guest count with both families.
- Ask the pandit, priest or granthi for possible dates.
- Book the venue, then the caterer if the venue allows outside catering.
- Book the photographer; the good ones go first.

## 9 to 6 months

- Book décor, makeup and mehendi artists, and the choreographer.
- Start outfit shopping: bridal lehengas and sherwanis can take three months to make.
- Block hotel rooms for out-of-town guests.

## 6 to 3 months

- Send save-the-dates, then design the invitation.
- Build the guest list by household and function; decide who is invited to what.
- Plan the functions: running order, music, food tastings.

## 3 months to 1 month

- Send invitations and start collecting RSVPs.
- Final fittings, jewellery, shoes.
- Confirm every vendor in writing, with times and balance due dates.

## The last month

- Final head-count to the caterer.
- Hand every vendor the day's schedule and one phone number to call.
- Pack an emergency kit: safety pins, medicines, chargers and snacks.

The Mandap checklist follows this timeline from your wedding date, so each task appears when it is due.`,
  },
  {
    urlTitle: "nikah-planning-guide",
    title: "Planning a Nikah: the ceremony, the mehr and the Walima",
    excerpt: "A practical guide to planning a Nikah, from agreeing the mehr and choosing the qazi to hosting the Walima.",
    tags: ["Traditions", "Functions"],
    daysAgo: 83,
    palette: ["#065f46", "#d4af37", "#f0fdf4"],
    motif: "dome",
    content: `The Nikah is a short, dignified ceremony; most of the planning goes into the functions around it.

## The essentials

- **The qazi** conducts the Nikah and registers it. Book one early in the wedding season and confirm which documents they need.
- **Two witnesses** are needed; families often choose elders from each side.
- **The mehr**, the gift from the groom to the bride, is agreed between the families before the day and written in the nikahnama.

## Before the Nikah

Many families hold a Manjha or Haldi and a Mehendi in the days before. Plan them as you would any function, with a running order and food that suits the time of day.

## The ceremony

The qazi asks the bride and the groom for their consent, usually in separate rooms or with a curtain between them, and the nikahnama is signed. Prayers follow, and dates and sweets are shared.

## The Walima

The Walima, hosted by the groom's family, celebrates the marriage after the Nikah. It is the largest gathering for many families; the guest count, the menu and the venue deserve the same care as a reception.

## Tell your vendors

Share the timings of prayers with the caterer, the photographer and the venue so nothing is scheduled across them, and let the photographer know which moments the family prefers to keep private.`,
  },
  {
    urlTitle: "monsoon-wedding-planning-tips",
    title: "Monsoon weddings: cheaper dates, covered venues and a plan B",
    excerpt: "Weddings between June and September can cost less and feel more intimate. Here is how to plan for the rain instead of against it.",
    tags: ["Planning", "Budget", "Décor"],
    daysAgo: null,
    palette: ["#1e40af", "#22d3ee", "#eff6ff"],
    motif: "wave",
    content: `Monsoon dates are easier to book and often cheaper. The rain just needs to be part of the plan.

## Covered venues first

Book a venue with an indoor hall for every function, even if you hope to be on the lawn.

## Décor that survives water

Choose waterproof tents, avoid paper décor, and keep flowers in shade.

## Guests' travel

Flights and trains can be delayed; keep the first function flexible.`,
  },
  {
    urlTitle: "reception-outfit-guide-for-grooms",
    title: "Reception outfits for grooms: bandhgala, tuxedo or sherwani?",
    excerpt: "How to choose a reception look that is different from the wedding, comfortable for five hours, and right for the venue.",
    tags: ["Vendors", "Planning"],
    daysAgo: -365,
    palette: ["#111827", "#d4af37", "#f9fafb"],
    motif: "arch",
    content: `The reception is the groom's chance to change the mood from the ceremony.

## Three looks

- A **bandhgala** is smart and comfortable.
- A **tuxedo** suits a hotel ballroom.
- A light **sherwani** works for a garden reception.

## Fittings

Allow two fittings and a final one a week before the wedding.`,
  },
];

/** A simple, original cover for a post: its palette and motif on a 1200x630 canvas, with the title set in it. */
export function blogCoverSvg(post: Pick<DemoBlogPost, "title" | "palette" | "motif">): string {
  const [deep, accent, light] = post.palette;
  const motifs: Record<DemoBlogPost["motif"], string> = {
    arch: `<path d="M760 560V300a140 140 0 0 1 280 0v260" fill="none" stroke="${accent}" stroke-width="18"/><path d="M810 560V320a90 90 0 0 1 180 0v240" fill="none" stroke="${light}" stroke-width="8" opacity=".7"/>`,
    lotus: `<g transform="translate(900 400)" fill="${accent}" opacity=".9"><path d="M0-170C60-90 60 0 0 60C-60 0-60-90 0-170Z"/><path d="M0 60C-30-40-120-80-190-60C-160 20-80 70 0 60Z"/><path d="M0 60C30-40 120-80 190-60C160 20 80 70 0 60Z"/></g>`,
    wave: `<g fill="none" stroke="${accent}" stroke-width="14" opacity=".9">${[0, 1, 2, 3].map((i) => `<path d="M640 ${360 + i * 60}q70-50 140 0t140 0t140 0t140 0"/>`).join("")}</g><circle cx="960" cy="220" r="70" fill="${accent}"/>`,
    rupee: `<g transform="translate(900 330)"><circle r="190" fill="none" stroke="${accent}" stroke-width="16"/><text y="70" text-anchor="middle" font-family="Georgia, serif" font-size="230" fill="${accent}">₹</text></g>`,
    mehendi: `<g transform="translate(900 330)" fill="none" stroke="${accent}" stroke-width="8">${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<ellipse rx="40" ry="120" transform="rotate(${i * 22.5})"/>`).join("")}<circle r="46" fill="${accent}"/></g>`,
    flame: `<g transform="translate(900 360)" fill="${accent}"><path d="M0-200C70-110 90-40 50 30C30 70-30 70-50 30C-90-40-70-110 0-200Z"/><rect x="-110" y="60" width="220" height="36" rx="18"/></g>`,
    dome: `<g transform="translate(900 420)" fill="${accent}"><path d="M-170 100V0A170 170 0 0 1 170 0V100Z"/><rect x="-200" y="100" width="400" height="40"/><path d="M0-250L18-200H-18Z"/><rect x="-6" y="-200" width="12" height="40"/></g>`,
    bells: `<g fill="${accent}">${[0, 1, 2].map((i) => `<g transform="translate(${800 + i * 100} ${220 + (i % 2) * 70})"><rect x="-3" y="-120" width="6" height="120"/><path d="M-40 60C-40 0-25-40 0-40S40 0 40 60Z"/><circle cy="72" r="10"/></g>`).join("")}</g>`,
  };
  const words = post.title.split(" ");
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && (last + " " + word).length <= 24) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const text = lines
    .slice(0, 5)
    .map((l, i) => `<tspan x="80" dy="${i === 0 ? 0 : 64}">${escape(l)}</tspan>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630"><rect width="1200" height="630" fill="${deep}"/><rect x="40" y="40" width="1120" height="550" rx="28" fill="none" stroke="${accent}" stroke-width="4" opacity=".6"/>${motifs[post.motif]}<text x="80" y="${330 - Math.min(lines.length, 5) * 28}" font-family="Georgia, serif" font-size="54" fill="${light}">${text}</text><text x="80" y="560" font-family="Georgia, serif" font-size="26" fill="${accent}">Mandap blog</text></svg>`;
}

/** Comments demo couples left on the posts (by urlTitle), for the comment lists. */
export const DEMO_BLOG_COMMENTS: { urlTitle: string; content: string }[] = [
  {
    urlTitle: "udaipur-palace-weddings-guide",
    content: "The point about boats was so useful. Our venue quoted the crossings separately and we had not noticed.",
  },
  {
    urlTitle: "10-lakh-wedding-budget-breakdown",
    content: "We kept a 10% buffer exactly like this and used almost all of it in the last two weeks. Do not skip it!",
  },
  { urlTitle: "mehendi-ceremony-planning-guide", content: "Booked three artists for about 70 guests after reading this and nobody had to wait long." },
  { urlTitle: "sangeet-night-planning", content: "The one-page cue sheet saved our Sangeet. The DJ had it taped to his desk." },
];
