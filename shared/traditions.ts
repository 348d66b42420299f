/**
 * Tradition templates for the wedding planner (issue 12, docs/decisions/0020-wedding-planner.md):
 * the functions a family usually holds, with a suggested day relative to the wedding day (0; -1 is
 * the day before) and usual times of day (HH:MM, India). Each function and sub-event has a stable
 * key ("hindu:sangeet", "hindu:wedding:pheras") stored in events.tradition_key, so a later change
 * of wording never loses which template function a couple's event came from.
 *
 * These are starting points: customs differ from family to family and region to region, and the
 * couple keeps, renames, moves or removes every proposed function. Times never cross midnight
 * (an end time is after its start); a rite held after midnight is proposed on the next day.
 */

export type TemplateSubEvent = { key: string; name: string; dayOffset: number; startTime: string; endTime: string };

export type TemplateFunction = {
  key: string;
  name: string;
  /** Days from the wedding day: -1 the day before, 0 the wedding day, 1 the day after. */
  dayOffset: number;
  startTime: string;
  endTime: string;
  description: string;
  subEvents: TemplateSubEvent[];
};

export type Tradition = { id: string; name: string; summary: string; functions: TemplateFunction[] };

type Sub = [slug: string, name: string, start: string, end: string, dayOffset?: number];
type Fn = [slug: string, name: string, dayOffset: number, start: string, end: string, description: string, subs?: Sub[]];

function tradition(id: string, name: string, summary: string, fns: Fn[]): Tradition {
  return {
    id,
    name,
    summary,
    functions: fns.map(([slug, fnName, dayOffset, startTime, endTime, description, subs = []]) => ({
      key: `${id}:${slug}`,
      name: fnName,
      dayOffset,
      startTime,
      endTime,
      description,
      subEvents: subs.map(([s, subName, start, end, offset]) => ({
        key: `${id}:${slug}:${s}`,
        name: subName,
        dayOffset: offset ?? dayOffset,
        startTime: start,
        endTime: end,
      })),
    })),
  };
}

export const TRADITIONS: readonly Tradition[] = [
  tradition("hindu", "Hindu (North Indian)", "Roka and sagai, then mehendi, haldi and sangeet before the pheras, vidaai and the reception.", [
    ["roka", "Roka", -90, "11:00", "14:00", "The families meet and bless the match; the couple is “booked” for each other."],
    [
      "sagai",
      "Sagai (Engagement)",
      -30,
      "18:00",
      "22:00",
      "Exchange of rings with both families, often with a small dinner.",
      [["ring-ceremony", "Ring ceremony", "19:00", "19:45"]],
    ],
    ["mehendi", "Mehendi", -2, "15:00", "21:00", "Henna for the bride and the women of the family, with songs and dancing."],
    ["haldi", "Haldi", -1, "10:00", "13:00", "Turmeric paste applied to the bride and groom at their homes for blessing and glow."],
    ["sangeet", "Sangeet", -1, "19:00", "23:30", "An evening of music and dance performances by both families."],
    [
      "wedding",
      "Wedding (Vivah)",
      0,
      "17:00",
      "23:59",
      "The baraat arrives, the jaimala, and the rites before the sacred fire.",
      [
        ["baraat", "Baraat", "17:00", "19:00"],
        ["jaimala", "Jaimala", "19:00", "19:45"],
        ["kanyadaan", "Kanyadaan", "21:30", "22:15"],
        ["pheras", "Pheras (Saat Phere)", "22:15", "23:30"],
        ["vidaai", "Vidaai", "06:00", "07:00", 1],
      ],
    ],
    ["reception", "Reception", 1, "19:30", "23:00", "The newly-weds are welcomed by friends and the wider family."],
  ]),
  tradition("punjabi", "Punjabi Hindu", "Roka and chunni, maiyan and jaggo, the chooda, the pheras and the doli.", [
    ["roka", "Roka", -90, "11:00", "14:00", "The families bless the match with gifts and sweets."],
    ["chunni", "Chunni Chadana (Engagement)", -30, "18:00", "22:00", "The groom's family drapes the bride in a red chunni; rings are exchanged."],
    ["mehendi", "Mehendi", -3, "15:00", "21:00", "Henna, dholki songs and dancing."],
    ["maiyan", "Maiyan (Vatna)", -2, "10:00", "13:00", "Turmeric and flour paste for the bride and groom at their homes."],
    ["jaggo", "Jaggo", -1, "20:00", "23:30", "A night of song and dance with the decorated pot of lamps (jaggo)."],
    ["chooda", "Chooda Ceremony", 0, "08:00", "10:00", "The bride's maternal uncle gives her the red and white bangles; kaleere are tied."],
    [
      "wedding",
      "Wedding",
      0,
      "18:00",
      "23:59",
      "The baraat, the milni of the two families, the jaimala and the pheras.",
      [
        ["baraat", "Baraat", "18:00", "19:30"],
        ["milni", "Milni", "19:30", "20:00"],
        ["jaimala", "Jaimala", "20:00", "20:45"],
        ["pheras", "Pheras", "22:00", "23:30"],
        ["doli", "Doli", "06:00", "07:00", 1],
      ],
    ],
    ["reception", "Reception", 1, "19:30", "23:00", "Dinner and dancing for friends and family."],
  ]),
  tradition("gujarati", "Gujarati", "Gol dhana, mandap mahurat, pithi and garba before the hasta milap and mangal pheras.", [
    ["gol-dhana", "Gol Dhana (Engagement)", -60, "11:00", "14:00", "Coriander seeds and jaggery are shared as the match is sealed; rings are exchanged."],
    ["mandap-mahurat", "Mandap Mahurat", -3, "09:00", "11:00", "Prayers to Ganesh and the blessing of the ground where the mandap will stand."],
    ["pithi", "Pithi", -2, "10:00", "13:00", "Turmeric paste for the bride and groom at their homes."],
    ["mehndi", "Mehndi", -2, "16:00", "21:00", "Henna for the bride and the women of the family."],
    ["garba", "Garba and Sanji", -1, "20:00", "23:59", "Garba and dandiya raas with both families."],
    [
      "wedding",
      "Wedding (Lagna)",
      0,
      "16:00",
      "22:00",
      "The jaan arrives; the groom is welcomed and the rites are held in the mandap.",
      [
        ["jaan", "Jaan (Baraat)", "16:00", "17:30"],
        ["madhuparka", "Madhuparka", "17:30", "18:00"],
        ["kanyadaan", "Kanyadaan", "18:30", "19:00"],
        ["hasta-milap", "Hasta Milap", "19:00", "19:30"],
        ["mangal-pheras", "Mangal Pheras", "19:30", "20:30"],
        ["vidaai", "Vidaai", "21:00", "22:00"],
      ],
    ],
    ["reception", "Reception", 1, "19:30", "23:00", "Dinner for friends and the wider family."],
  ]),
  tradition("marathi", "Marathi", "Sakhar puda, halad chadavne and seemant pujan, then the morning wedding with the antarpaat and mangalashtak.", [
    ["sakhar-puda", "Sakhar Puda (Engagement)", -60, "11:00", "14:00", "The families exchange sugar and gifts; rings are exchanged."],
    ["kelvan", "Kelvan", -7, "19:00", "22:00", "Family dinners hosted for the bride and groom by relatives."],
    ["halad", "Halad Chadavne", -1, "10:00", "13:00", "Turmeric, first for the groom, then sent to the bride."],
    ["seemant-pujan", "Seemant Pujan", -1, "18:00", "21:00", "The bride's family welcomes the groom and his family."],
    [
      "wedding",
      "Wedding (Lagna)",
      0,
      "10:00",
      "14:00",
      "The wedding at the auspicious muhurat, usually in the late morning.",
      [
        ["antarpaat", "Antarpaat and Mangalashtak", "11:00", "11:45"],
        ["kanyadaan", "Kanyadaan", "11:45", "12:15"],
        ["saptapadi", "Saptapadi", "12:15", "13:00"],
        ["varat", "Varat", "17:00", "18:00"],
      ],
    ],
    ["reception", "Reception", 0, "19:30", "22:30", "Dinner for friends and family."],
  ]),
  tradition("bengali", "Bengali", "Aashirbad and aiburobhaat, the gaye holud, the biye with shubho drishti, then bashi biye and bou bhaat.", [
    ["aashirbad", "Aashirbad", -30, "11:00", "13:00", "Elders of each family bless the bride and groom with paddy and durva grass."],
    ["aiburobhaat", "Aiburobhaat", -2, "13:00", "15:00", "The last meal as a bachelor, cooked by the family."],
    ["dodhi-mangal", "Dodhi Mangal", 0, "05:00", "06:00", "Before dawn, the bride and groom eat curd and flattened rice at their homes."],
    ["gaye-holud", "Gaye Holud", 0, "09:00", "11:00", "Turmeric, first for the groom; then it is sent with gifts (tattva) to the bride."],
    [
      "biye",
      "Biye (Wedding)",
      0,
      "18:30",
      "23:59",
      "The bor jatri arrives and the wedding is held at the lagna.",
      [
        ["bor-jatri", "Bor Jatri", "18:30", "19:30"],
        ["shubho-drishti", "Shubho Drishti", "20:00", "20:30"],
        ["mala-badal", "Mala Badal", "20:30", "20:45"],
        ["sampradan", "Sampradan", "20:45", "21:30"],
        ["saat-paak", "Saat Paak", "21:30", "22:00"],
        ["sindoor-daan", "Sindoor Daan", "22:00", "22:30"],
      ],
    ],
    ["bashi-biye", "Bashi Biye", 1, "08:00", "10:00", "The morning-after rites at the bride's home."],
    ["bidaai", "Bidaai", 1, "11:00", "12:00", "The bride leaves with the groom's family."],
    ["bou-bhaat", "Bou Bhaat (Reception)", 3, "19:30", "23:00", "The groom's family welcomes the bride with a feast."],
  ]),
  tradition("tamil", "South Indian (Tamil)", "Nichayathartham and pandha kaal, nalangu and janavasam, then the morning muhurtham with the mangalya dharanam.", [
    ["nichayathartham", "Nichayathartham (Engagement)", -60, "10:00", "13:00", "The families formally agree; the wedding date is read out."],
    ["pandha-kaal", "Pandha Kaal Muhurtham", -5, "09:00", "10:30", "Prayers as the pandal is set up."],
    ["nalangu", "Nalangu", -1, "16:00", "18:00", "Playful games between the bride and groom with the families."],
    ["janavasam", "Janavasam and Mappillai Azhaippu", -1, "18:00", "22:00", "The groom is welcomed in procession; the evening ends with a dinner."],
    [
      "muhurtham",
      "Muhurtham (Wedding)",
      0,
      "06:30",
      "11:00",
      "The wedding at the auspicious morning muhurtham.",
      [
        ["kashi-yatra", "Kashi Yatra", "06:30", "07:00"],
        ["maalai-maatral", "Maalai Maatral and Oonjal", "07:00", "07:45"],
        ["kanyadaanam", "Kanyadaanam", "07:45", "08:15"],
        ["mangalya-dharanam", "Mangalya Dharanam", "08:15", "08:45"],
        ["saptapadi", "Saptapadi", "08:45", "09:30"],
      ],
    ],
    ["reception", "Reception", 0, "19:00", "22:00", "Dinner and greetings on the evening of the wedding."],
  ]),
  tradition("telugu", "South Indian (Telugu)", "Nischitartham and pellikuthuru, then the muhurtham with jeelakarra bellam and talambralu.", [
    ["nischitartham", "Nischitartham (Engagement)", -60, "10:00", "13:00", "The families formally agree the match; rings are exchanged."],
    ["pellikuthuru", "Pellikuthuru and Pellikoduku", -2, "09:00", "12:00", "Turmeric and blessings for the bride and groom at their homes."],
    ["snathakam", "Snathakam", 0, "10:00", "11:30", "The groom's rite before the wedding."],
    [
      "muhurtham",
      "Muhurtham (Wedding)",
      0,
      "19:00",
      "23:59",
      "The wedding at the auspicious muhurtham.",
      [
        ["kanyadanam", "Kanyadanam", "19:30", "20:15"],
        ["jeelakarra-bellam", "Jeelakarra Bellam", "20:15", "20:45"],
        ["mangalya-dharana", "Mangalya Dharana", "20:45", "21:15"],
        ["talambralu", "Talambralu", "21:15", "21:45"],
        ["saptapadi", "Saptapadi", "21:45", "22:30"],
      ],
    ],
    ["appagintalu", "Appagintalu", 1, "09:00", "10:30", "The bride's family entrusts her to the groom's family."],
    ["reception", "Reception", 1, "19:00", "22:30", "Dinner for friends and family."],
  ]),
  tradition("muslim", "Muslim", "Mangni, manjha and mehndi, the nikah and rukhsati, then the walima.", [
    ["mangni", "Mangni (Engagement)", -60, "18:00", "21:00", "The families agree the match; rings and gifts are exchanged."],
    ["manjha", "Manjha (Haldi)", -2, "16:00", "19:00", "Turmeric paste and yellow clothes for the bride and groom."],
    ["mehndi", "Mehndi", -1, "18:00", "22:00", "Henna for the bride, with songs and dholak."],
    [
      "nikah",
      "Nikah",
      0,
      "17:00",
      "23:00",
      "The baraat arrives and the nikah is solemnised before witnesses; dinner follows.",
      [
        ["baraat", "Baraat", "17:00", "18:00"],
        ["nikah", "Nikah (Ijab-o-Qubool)", "18:30", "19:30"],
        ["rukhsati", "Rukhsati", "22:00", "23:00"],
      ],
    ],
    ["walima", "Walima", 1, "19:30", "23:00", "The groom's family hosts the wedding feast."],
  ]),
  tradition("christian", "Christian", "Engagement and bridal shower, the wedding service in church, then the reception.", [
    ["engagement", "Engagement", -60, "18:00", "21:00", "Rings are exchanged, often with a blessing."],
    ["bridal-shower", "Bridal Shower", -14, "16:00", "19:00", "Friends and family celebrate the bride."],
    ["roce", "Roce / Haldi", -1, "16:00", "19:00", "The bride and groom are anointed at their homes (customs differ by community)."],
    [
      "wedding",
      "Wedding Service",
      0,
      "11:00",
      "13:00",
      "The wedding service in church.",
      [
        ["processional", "Processional", "11:00", "11:15"],
        ["vows", "Exchange of Vows and Rings", "11:45", "12:15"],
        ["register", "Signing of the Register", "12:30", "12:45"],
      ],
    ],
    ["reception", "Reception", 0, "19:00", "23:00", "Toasts, the first dance, cake cutting and dinner."],
  ]),
  tradition("sikh", "Sikh", "Roka and kurmai, maiyan, mehendi and jaggo, the chooda, the Anand Karaj and the doli.", [
    ["roka", "Roka", -90, "11:00", "14:00", "The families bless the match."],
    ["kurmai", "Kurmai (Engagement)", -30, "11:00", "14:00", "Ardas at the gurdwara or at home; the groom receives the kara and gifts."],
    ["maiyan", "Maiyan", -2, "10:00", "13:00", "Turmeric and flour paste for the bride and groom at their homes."],
    ["mehendi", "Mehendi", -2, "16:00", "21:00", "Henna, songs and giddha."],
    ["jaggo", "Jaggo", -1, "20:00", "23:30", "A night of song and dance with the jaggo."],
    ["chooda", "Chooda and Kaleere", 0, "06:00", "07:30", "The bride receives her chooda from her maternal uncle; kaleere are tied."],
    [
      "anand-karaj",
      "Anand Karaj",
      0,
      "09:00",
      "13:30",
      "The wedding in the presence of Guru Granth Sahib.",
      [
        ["milni", "Milni", "09:00", "09:30"],
        ["ardas", "Ardas", "10:30", "10:45"],
        ["laavan", "Laavan", "10:45", "11:30"],
        ["langar", "Langar", "12:00", "13:30"],
      ],
    ],
    ["doli", "Doli", 0, "16:00", "17:00", "The bride leaves for her new home."],
    ["reception", "Reception", 0, "19:30", "23:30", "Dinner and bhangra for friends and family."],
  ]),
  tradition("jain", "Jain", "Sagai and lagan lekhan, mandap muhurat and mehendi, then the daytime wedding with the phere.", [
    ["sagai", "Sagai (Engagement)", -60, "11:00", "14:00", "The families agree the match; the tilak and rings."],
    ["lagan-lekhan", "Lagan Lekhan", -30, "11:00", "12:30", "The wedding date and time are written at the bride's home."],
    ["mandap-muhurat", "Mandap Muhurat and Vinayakyantra Puja", -2, "09:00", "11:00", "Prayers as the mandap is raised."],
    ["mehendi", "Mehendi", -1, "13:00", "17:30", "Henna for the bride, held in daylight."],
    [
      "wedding",
      "Wedding (Vivah)",
      0,
      "10:00",
      "16:00",
      "A daytime wedding, so guests can dine before sunset.",
      [
        ["baraat", "Baraat", "10:00", "11:00"],
        ["varmala", "Varmala", "11:00", "11:30"],
        ["kanyavaran", "Kanyavaran", "11:30", "12:00"],
        ["granthi-bandhan", "Granthi Bandhan", "12:00", "12:15"],
        ["phere", "Phere", "12:15", "13:00"],
        ["vidaai", "Vidaai", "15:00", "16:00"],
      ],
    ],
    ["reception", "Reception", 1, "12:00", "16:00", "A lunch reception for friends and family."],
  ]),
  tradition("buddhist", "Buddhist", "Engagement and haldi, the wedding with Buddha vandana and the vows, then the reception.", [
    ["engagement", "Engagement", -60, "11:00", "14:00", "The families agree the match; rings are exchanged."],
    ["haldi", "Haldi", -1, "10:00", "13:00", "Turmeric for the bride and groom at their homes."],
    [
      "wedding",
      "Wedding Ceremony",
      0,
      "11:00",
      "14:00",
      "The wedding before an image of the Buddha, led by a bhante or an elder.",
      [
        ["vandana", "Buddha Vandana", "11:00", "11:20"],
        ["panchsheel", "Trisharan and Panchsheel", "11:20", "11:40"],
        ["vows", "Exchange of Garlands and Vows", "11:40", "12:15"],
        ["blessings", "Blessings (Mangal Maitri)", "12:15", "12:45"],
      ],
    ],
    ["reception", "Reception", 0, "19:00", "22:30", "Dinner for friends and family."],
  ]),
];

export const TRADITION_IDS = TRADITIONS.map((t) => t.id) as [string, ...string[]];

export function traditionById(id: string): Tradition | undefined {
  return TRADITIONS.find((t) => t.id === id);
}

/** The template function (or sub-event) a stored tradition_key names, if any. */
export function templateFunctionByKey(key: string): TemplateFunction | undefined {
  const [traditionId] = key.split(":");
  return traditionById(traditionId ?? "")?.functions.find((f) => f.key === key);
}

/** The India day `offset` days from `day` (YYYY-MM-DD). */
export function shiftDay(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

export type ProposedFunction = TemplateFunction & { eventDate: string; subEvents: (TemplateSubEvent & { eventDate: string })[] };

/** A tradition's functions laid out for a wedding day: each with its suggested India date. */
export function proposeFunctions(tradition: Tradition, weddingDate: string): ProposedFunction[] {
  return tradition.functions.map((f) => ({
    ...f,
    eventDate: shiftDay(weddingDate, f.dayOffset),
    subEvents: f.subEvents.map((s) => ({ ...s, eventDate: shiftDay(weddingDate, s.dayOffset) })),
  }));
}

/**
 * Every tradition's, function's and rite's name in Hindi (keys: the English names above, which
 * several traditions share; a unit test checks none is missing). Shown through
 * shared/local-names.ts localName.
 */
export const TRADITION_NAMES_HI: Readonly<Record<string, string>> = {
  "Hindu (North Indian)": "हिंदू (उत्तर भारतीय)",
  "Punjabi Hindu": "पंजाबी हिंदू",
  Gujarati: "गुजराती",
  Marathi: "मराठी",
  Bengali: "बंगाली",
  "South Indian (Tamil)": "दक्षिण भारतीय (तमिल)",
  "South Indian (Telugu)": "दक्षिण भारतीय (तेलुगु)",
  Muslim: "मुस्लिम",
  Christian: "ईसाई",
  Sikh: "सिख",
  Jain: "जैन",
  Buddhist: "बौद्ध",
  Roka: "रोका",
  "Sagai (Engagement)": "सगाई",
  "Ring ceremony": "अंगूठी की रस्म",
  Mehendi: "मेहंदी",
  Mehndi: "मेहंदी",
  Haldi: "हल्दी",
  Sangeet: "संगीत",
  "Wedding (Vivah)": "विवाह",
  Baraat: "बारात",
  Jaimala: "जयमाला",
  Kanyadaan: "कन्यादान",
  "Pheras (Saat Phere)": "फेरे (सात फेरे)",
  Vidaai: "विदाई",
  Reception: "रिसेप्शन",
  "Chunni Chadana (Engagement)": "चुन्नी चढ़ाना (सगाई)",
  "Maiyan (Vatna)": "माइयां (वटना)",
  Jaggo: "जागो",
  "Chooda Ceremony": "चूड़ा रस्म",
  Wedding: "शादी",
  Milni: "मिलनी",
  Pheras: "फेरे",
  Doli: "डोली",
  "Gol Dhana (Engagement)": "गोल धाना (सगाई)",
  "Mandap Mahurat": "मंडप मुहूर्त",
  Pithi: "पीठी",
  "Garba and Sanji": "गरबा और सांजी",
  "Wedding (Lagna)": "लग्न",
  "Jaan (Baraat)": "जान (बारात)",
  Madhuparka: "मधुपर्क",
  "Hasta Milap": "हस्त मिलाप",
  "Mangal Pheras": "मंगल फेरे",
  "Sakhar Puda (Engagement)": "साखरपुडा (सगाई)",
  Kelvan: "केळवण",
  "Halad Chadavne": "हळद चढवणे",
  "Seemant Pujan": "सीमांत पूजन",
  "Antarpaat and Mangalashtak": "अंतरपाट और मंगलाष्टक",
  Saptapadi: "सप्तपदी",
  Varat: "वरात",
  Aashirbad: "आशीर्वाद",
  Aiburobhaat: "आइबुड़ो भात",
  "Dodhi Mangal": "दधि मंगल",
  "Gaye Holud": "गाये होलुद",
  "Biye (Wedding)": "बिये (शादी)",
  "Bor Jatri": "बर यात्री",
  "Shubho Drishti": "शुभो दृष्टि",
  "Mala Badal": "माला बदल",
  Sampradan: "संप्रदान",
  "Saat Paak": "सात पाक",
  "Sindoor Daan": "सिंदूर दान",
  "Bashi Biye": "बाशी बिये",
  Bidaai: "बिदाई",
  "Bou Bhaat (Reception)": "बऊ भात (रिसेप्शन)",
  "Nichayathartham (Engagement)": "निश्चयतार्थम (सगाई)",
  "Pandha Kaal Muhurtham": "पंधा काल मुहूर्तम",
  Nalangu: "नलंगु",
  "Janavasam and Mappillai Azhaippu": "जानवासम और माप्पिळ्ळै अळैप्पु",
  "Muhurtham (Wedding)": "मुहूर्तम (शादी)",
  "Kashi Yatra": "काशी यात्रा",
  "Maalai Maatral and Oonjal": "मालै मात्रल और ऊंजल",
  Kanyadaanam: "कन्यादानम",
  "Mangalya Dharanam": "मांगल्य धारणम",
  "Nischitartham (Engagement)": "निश्चितार्थम (सगाई)",
  "Pellikuthuru and Pellikoduku": "पेल्लिकूतुरु और पेल्लिकोडुकु",
  Snathakam: "स्नातकम",
  Kanyadanam: "कन्यादानम",
  "Jeelakarra Bellam": "जीलकर्रा बेल्लम",
  "Mangalya Dharana": "मांगल्य धारणा",
  Talambralu: "तलंब्रालु",
  Appagintalu: "अप्पगिंतलु",
  "Mangni (Engagement)": "मंगनी (सगाई)",
  "Manjha (Haldi)": "मांझा (हल्दी)",
  Nikah: "निकाह",
  "Nikah (Ijab-o-Qubool)": "निकाह (इजाब-ओ-क़बूल)",
  Rukhsati: "रुख़सती",
  Walima: "वलीमा",
  Engagement: "सगाई",
  "Bridal Shower": "ब्राइडल शॉवर",
  "Roce / Haldi": "रोस / हल्दी",
  "Wedding Service": "चर्च में विवाह",
  Processional: "प्रवेश जुलूस",
  "Exchange of Vows and Rings": "वचन और अंगूठियों का आदान-प्रदान",
  "Signing of the Register": "रजिस्टर पर हस्ताक्षर",
  "Kurmai (Engagement)": "कुड़माई (सगाई)",
  Maiyan: "माइयां",
  "Chooda and Kaleere": "चूड़ा और कलीरे",
  "Anand Karaj": "आनंद कारज",
  Ardas: "अरदास",
  Laavan: "लावां",
  Langar: "लंगर",
  "Lagan Lekhan": "लगन लेखन",
  "Mandap Muhurat and Vinayakyantra Puja": "मंडप मुहूर्त और विनायक यंत्र पूजा",
  Varmala: "वरमाला",
  Kanyavaran: "कन्यावरण",
  "Granthi Bandhan": "ग्रंथि बंधन",
  Phere: "फेरे",
  "Wedding Ceremony": "विवाह संस्कार",
  "Buddha Vandana": "बुद्ध वंदना",
  "Trisharan and Panchsheel": "त्रिशरण और पंचशील",
  "Exchange of Garlands and Vows": "माला और वचनों का आदान-प्रदान",
  "Blessings (Mangal Maitri)": "आशीर्वाद (मंगल मैत्री)",
};
