import { defineMessages } from './define';

/**
 * Texts of the web app, Norwegian (bokmål) first. Long texts use blank lines ("\n\n") between
 * paragraphs and "- " at the start of a line for list items; the web renders them as such.
 */
export const web = defineMessages(
  {
    app_name: 'Legenett',
    tagline: 'Nettverket for leger og helsepersonell i Norge',
    skip_link: 'Hopp til hovedinnholdet',
    loading: 'Laster …',
    header: {
      home_link: 'Legenett – til forsiden',
      open_menu: 'Åpne menyen',
      close_menu: 'Lukk menyen',
      language_label: 'Språk',
      language_no: 'Norsk',
      language_en: 'English',
      skin_dark: 'Mørkt utseende',
      login: 'Logg inn',
      register: 'Registrer deg',
    },
    nav: {
      label: 'Hovedmeny',
      section_community: 'Fellesskap',
      section_career: 'Karriere og læring',
      section_media: 'Video og lyd',
      section_mine: 'Mine sider',
      section_about: 'Om Legenett',
      home: 'Forside',
      feed: 'Nyhetsstrøm',
      jobs: 'Jobber',
      courses: 'Kurs og webinarer',
      marketplace: 'Markedsplass',
      petitions: 'Opprop',
      companies: 'Partnerbedrifter',
      videos: 'Videoer',
      audio: 'Lydarkiv',
      profile: 'Min profil',
      my_courses: 'Mine kurs',
      my_jobs: 'Mine jobber',
      my_products: 'Mine produkter',
      about: 'Om oss',
      next: 'Kommer snart',
      privacy: 'Vilkår og personvern',
    },
    home: {
      hero_title: 'Det profesjonelle nettverket for leger i Norge',
      hero_lead:
        'Legenett samler leger, medisinstudenter med studentlisens og annet helsepersonell på ett sted: faglige diskusjoner, jobber, kurs og webinarer, markedsplass, opprop, partnerbedrifter, videoer og lydarkiv.',
      cta_register: 'Registrer deg gratis',
      cta_login: 'Jeg har allerede konto',
      features_title: 'Dette finner du på Legenett',
      feature_feed_title: 'Nyhetsstrøm',
      feature_feed_text: 'Del erfaringer, still spørsmål og følg kolleger og partnerbedrifter.',
      feature_jobs_title: 'Jobber',
      feature_jobs_text: 'Faste stillinger, vikariater og oppdrag som haster – filtrert på spesialitet, arbeidssted og fylke.',
      feature_courses_title: 'Kurs og webinarer',
      feature_courses_text: 'Meld deg på kurs og direktesendte webinarer, eller se opptak av tidligere sendinger.',
      feature_marketplace_title: 'Markedsplass',
      feature_marketplace_text: 'Kjøp og selg utstyr og produkter mellom kolleger.',
      feature_petitions_title: 'Opprop',
      feature_petitions_text: 'Start og signer opprop om saker som angår helsetjenesten.',
      feature_companies_title: 'Partnerbedrifter',
      feature_companies_text: 'Følg bedrifter og organisasjoner som lager tilbud for helsepersonell.',
      feature_videos_title: 'Videoer',
      feature_videos_text: 'Faglige videoer og opptak fra webinarer, for bekreftet helsepersonell.',
      feature_audio_title: 'Lydarkiv',
      feature_audio_text: 'Foredrag, intervjuer og podkaster å lytte til når det passer deg.',
      trust_title: 'Bare for helsepersonell',
      trust_text:
        'Vi bekrefter at medlemmene er helsepersonell ved å sjekke Helsepersonellregisteret (HPR) og elektronisk ID. Del aldri opplysninger om pasienter på Legenett.',
      audiences_title: 'Hvem er Legenett for?',
      audience_doctors: 'Stillinger, vikariater, kurs og faglig fellesskap.',
      audience_students: 'Sommerjobber, vikariater og nettverk med studentlisens.',
      audience_companies: 'Nå helsepersonell med egen partnerside.',
      video_title: 'Se hvordan Legenett fungerer',
      video_link: 'Se introduksjonsvideoen',
      regions_title: 'Hele Norge',
      regions_lead: 'Jobber, kurs og kolleger i alle fylker:',
      regions_error: 'Fylkeslisten kunne ikke lastes akkurat nå.',
      regions_retry: 'Prøv igjen',
      regions_label: 'Fylker i Norge',
    },
    auth_slot: {
      login_title: 'Logg inn',
      register_title: 'Registrer deg',
      body: 'Innlogging og registrering med HPR-nummer og elektronisk ID åpner snart. Takk for tålmodigheten!',
      close: 'Tilbake til forsiden',
    },
    coming_soon: {
      title: '{{area}} åpner snart',
      body: 'Vi bygger denne delen av Legenett nå. Den blir tilgjengelig for innloggede medlemmer i en av de neste versjonene.',
      back_home: 'Til forsiden',
      see_next: 'Se hva som kommer',
      area_generic: 'Denne siden',
    },
    not_found: {
      title: 'Siden ble ikke funnet',
      text: 'Adressen du ba om finnes ikke, eller siden er flyttet.',
      home_link: 'Gå til forsiden',
    },
    route_error: {
      chunk_title: 'Siden kunne ikke lastes',
      chunk_text: 'Det tok for lang tid å hente siden, eller forbindelsen ble brutt. Sjekk nettet og prøv igjen.',
      generic_title: 'Noe gikk galt',
      generic_text: 'En uventet feil oppstod. Prøv igjen, eller gå til forsiden.',
      retry: 'Prøv igjen',
      home_link: 'Gå til forsiden',
    },
    about: {
      title: 'Om Legenett',
      lead: 'Legenett er et profesjonelt nettverk og karriereverktøy laget for leger og annet helsepersonell i Norge.',
      mission_title: 'Hvorfor vi finnes',
      mission_text:
        'Leger jobber i et fragmentert landskap: informasjon om stillinger, kurs og faglige initiativ er spredt på mange kanaler. Legenett samler det på ett sted, i et lukket fellesskap der du vet at de andre også er helsepersonell.',
      members_title: 'Hvem kan bli medlem',
      members_text:
        '- Leger med autorisasjon eller lisens\n- Medisinstudenter med studentlisens\n- Annet helsepersonell registrert i Helsepersonellregisteret (HPR)\n- Bedrifter og organisasjoner kan opprette partnersider som administreres av et medlem',
      verification_title: 'Slik bekrefter vi medlemmene',
      verification_text:
        'Ved registrering bekrefter du identiteten din med elektronisk ID. HPR-nummeret ditt sjekkes mot Helsepersonellregisteret. Kan vi ikke bekrefte deg automatisk, går profilen til manuell godkjenning hos en administrator før du får tilgang til innhold.',
      contact_title: 'Kontakt',
      contact_text: 'Spørsmål, tilbakemeldinger eller ønske om samarbeid? Skriv til post@legenett.no.',
    },
    next: {
      title: 'Dette kommer',
      lead: 'Legenett bygges i etapper. Dette er neste steg:',
      items:
        '- Innlogging og registrering med elektronisk ID og HPR-sjekk, med tofaktorautentisering\n- Jobber og markedsplass\n- Nyhetsstrøm, innlegg, partnerbedrifter, profiler og varsler\n- Kurs og webinarer med påmelding og direktesending\n- Opprop med signaturer, medforfattere og pressemeldinger\n- Videoer og lydarkiv for bekreftet helsepersonell\n- Lunsjmøter, smågrupper og Legenett-TV',
      feedback: 'Savner du noe? Fortell oss det på post@legenett.no.',
    },
    pages: {
      doctors_title: 'For leger',
      doctors_text:
        'Finn neste stilling eller vikariat, hold deg faglig oppdatert med kurs og webinarer, og diskuter med kolleger over hele landet.\n\n- Jobber filtrert på spesialitet, arbeidssted og fylke\n- Kurs og webinarer med påminnelser\n- Opprop og faglig engasjement\n- Videoer og lydarkiv',
      students_title: 'For medisinstudenter',
      students_text:
        'Med studentlisens kan du bli medlem, finne sommerjobber og vikariater, og bygge nettverk før du er ferdig utdannet.\n\n- Vikariater og sommerjobber\n- Kurs og webinarer\n- Kontakt med erfarne kolleger',
      companies_title: 'For bedrifter og organisasjoner',
      companies_text:
        'Som partnerbedrift når du helsepersonell direkte: publiser innlegg, stillinger, kurs og produkter fra bedriftens side. En partnerside administreres av et verifisert medlem.\n\n- Egen bedriftsside med følgere\n- Stillingsannonser og kurs\n- Produkter på markedsplassen',
      back_home: 'Til forsiden',
    },
    privacy: {
      title: 'Vilkår og personvern',
      updated: 'Sist oppdatert: 1. januar 2026',
      intro:
        'Her forklarer vi hvilke personopplysninger Legenett behandler, hvorfor, hvor lenge, og hvilke rettigheter du har etter personvernforordningen (GDPR) og personopplysningsloven. Lenger ned finner du vilkårene for bruk.',
      controller_title: 'Behandlingsansvarlig',
      controller_text:
        'Legenett er behandlingsansvarlig for opplysningene som behandles i tjenesten. Spørsmål om personvern sendes til personvern@legenett.no.',
      data_title: 'Hvilke opplysninger vi behandler',
      data_text:
        '- Kontoopplysninger: navn, e-postadresse, mobilnummer og passord (lagret bare som en sikker hash)\n- Identitetsbekreftelse: resultatet av innlogging med elektronisk ID; fødselsnummeret brukes bare til å bekrefte identiteten og til oppslag i Helsepersonellregisteret\n- Yrkesopplysninger: HPR-nummer, autorisasjon, spesialiteter, arbeidssted, arbeidserfaring og utdanning\n- Innhold du selv legger inn: innlegg, kommentarer, stillinger, kurs, produkter, opprop og signaturer\n- Tekniske opplysninger: innloggingstidspunkt, IP-adresse og feillogger som trengs for å drive tjenesten sikkert',
      hpr_title: 'Bekreftelse av helsepersonell (HPR)',
      hpr_text:
        'Når du registrerer deg, sjekker vi HPR-nummeret ditt mot Helsepersonellregisteret, som forvaltes av Helsedirektoratet. Vi lagrer resultatet (bekreftet eller ikke) og autorisasjonen, ikke mer enn vi trenger. Kan vi ikke bekrefte deg automatisk, vurderer en administrator søknaden din manuelt.',
      purpose_title: 'Formål og rettslig grunnlag',
      purpose_text:
        '- Å levere tjenesten du har bedt om og holde den forbeholdt helsepersonell: avtale (GDPR art. 6 nr. 1 b)\n- Sikkerhet, misbruksforebygging og feilsøking: berettiget interesse (art. 6 nr. 1 f)\n- Påminnelser om webinarer på SMS og e-post: samtykke, som du kan trekke tilbake i innstillingene (art. 6 nr. 1 a)\n- Oppfylle rettslige plikter, for eksempel regnskap for partnerbedrifter: rettslig forpliktelse (art. 6 nr. 1 c)',
      sensitive_title: 'Ingen pasientopplysninger',
      sensitive_text:
        'Legenett er ikke et journalsystem. Du må aldri dele opplysninger som kan identifisere pasienter. Taushetsplikten etter helsepersonelloven gjelder også her, og innhold som bryter den, fjernes.',
      sharing_title: 'Hvem opplysningene deles med',
      sharing_text:
        'Profilen din er synlig for andre innloggede medlemmer. Vi selger aldri opplysninger. Vi bruker databehandlere for drift, e-post og SMS innenfor EU/EØS, bundet av databehandleravtaler.',
      storage_title: 'Lagring og sletting',
      storage_text:
        'Opplysningene lagres innenfor EU/EØS. Når du sletter kontoen, slettes profilen, filene og øktene dine med en gang; innhold andre har svart på, anonymiseres. Sikkerhetskopier slettes innen 35 dager, og tekniske logger innen 90 dager.',
      cookies_title: 'Informasjonskapsler og lokal lagring',
      cookies_text:
        'Vi bruker bare det som trengs for at tjenesten skal virke: en informasjonskapsel for innloggingen, og lokal lagring av språkvalg, lyst eller mørkt utseende og at du har sett denne meldingen. Vi bruker ingen sporing eller reklame.',
      rights_title: 'Dine rettigheter',
      rights_text:
        'Du kan be om innsyn, retting, sletting, begrensning og dataportabilitet, og du kan protestere mot behandling. Du kan laste ned dine egne data og slette kontoen i profilinnstillingene. Du kan også klage til Datatilsynet (datatilsynet.no).',
      terms_title: 'Vilkår for bruk',
      terms_text:
        '- Tjenesten er for leger, medisinstudenter med studentlisens og annet helsepersonell\n- Opplysningene du gir om deg selv, skal være riktige\n- Du er ansvarlig for innholdet du publiserer, og skal opptre faglig og respektfullt\n- Det er ikke lov å dele sensitive opplysninger eller pasientopplysninger\n- Vi kan fjerne innhold og stenge kontoer som bryter vilkårene\n- Du kan når som helst slette kontoen din',
    },
    footer: {
      label: 'Bunntekst',
      rights: '© {{year}} Legenett',
      made_for: 'Laget for helsepersonell i Norge',
    },
    cookie: {
      label: 'Informasjonskapsler',
      text: 'Legenett bruker bare informasjonskapsler og lokal lagring som trengs for innlogging, språk og utseende. Ingen sporing.',
      accept: 'Jeg forstår',
      more: 'Les mer',
    },
    maintenance: {
      title: 'Vedlikehold',
      text: 'Legenett er under vedlikehold akkurat nå. Prøv igjen om noen minutter.',
      retry: 'Last inn på nytt',
    },
    paged_list: {
      pagination: 'Sider',
      previous: 'Forrige side',
      next: 'Neste side',
      page: 'Side {{page}}',
      load_error: 'Kunne ikke hente listen. Prøv igjen senere.',
    },
    toast: {
      error_title: 'Noe gikk galt',
      warning_title: 'Sjekk feltene',
      network_error: 'Fikk ikke kontakt med serveren. Sjekk nettforbindelsen.',
    },
  },
  {
    app_name: 'Legenett',
    tagline: 'The network for doctors and health professionals in Norway',
    skip_link: 'Skip to main content',
    loading: 'Loading …',
    header: {
      home_link: 'Legenett – to the home page',
      open_menu: 'Open menu',
      close_menu: 'Close menu',
      language_label: 'Language',
      language_no: 'Norsk',
      language_en: 'English',
      skin_dark: 'Dark skin',
      login: 'Log in',
      register: 'Sign up',
    },
    nav: {
      label: 'Main menu',
      section_community: 'Community',
      section_career: 'Career and learning',
      section_media: 'Video and audio',
      section_mine: 'My pages',
      section_about: 'About Legenett',
      home: 'Home',
      feed: 'Feed',
      jobs: 'Jobs',
      courses: 'Courses and webinars',
      marketplace: 'Marketplace',
      petitions: 'Petitions',
      companies: 'Partner companies',
      videos: 'Videos',
      audio: 'Audio archive',
      profile: 'My profile',
      my_courses: 'My courses',
      my_jobs: 'My jobs',
      my_products: 'My products',
      about: 'About us',
      next: 'Coming next',
      privacy: 'Terms and privacy',
    },
    home: {
      hero_title: 'The professional network for doctors in Norway',
      hero_lead:
        'Legenett brings doctors, medical students with a student licence and other health professionals together in one place: professional discussion, jobs, courses and webinars, a marketplace, petitions, partner companies, videos and an audio archive.',
      cta_register: 'Sign up for free',
      cta_login: 'I already have an account',
      features_title: 'What you find on Legenett',
      feature_feed_title: 'Feed',
      feature_feed_text: 'Share experience, ask questions and follow colleagues and partner companies.',
      feature_jobs_title: 'Jobs',
      feature_jobs_text: 'Permanent positions, locums and urgent assignments – filtered by speciality, workplace and county.',
      feature_courses_title: 'Courses and webinars',
      feature_courses_text: 'Sign up for courses and live webinars, or watch recordings of past sessions.',
      feature_marketplace_title: 'Marketplace',
      feature_marketplace_text: 'Buy and sell equipment and products between colleagues.',
      feature_petitions_title: 'Petitions',
      feature_petitions_text: 'Start and sign petitions on issues that matter to the health service.',
      feature_companies_title: 'Partner companies',
      feature_companies_text: 'Follow companies and organisations that build offers for health professionals.',
      feature_videos_title: 'Videos',
      feature_videos_text: 'Professional videos and webinar recordings, for confirmed health personnel.',
      feature_audio_title: 'Audio archive',
      feature_audio_text: 'Lectures, interviews and podcasts to listen to when it suits you.',
      trust_title: 'For health professionals only',
      trust_text:
        'We confirm that members are health personnel by checking the Norwegian Health Personnel Register (HPR) and electronic ID. Never share information about patients on Legenett.',
      audiences_title: 'Who is Legenett for?',
      audience_doctors: 'Positions, locums, courses and a professional community.',
      audience_students: 'Summer jobs, locums and a network with a student licence.',
      audience_companies: 'Reach health professionals with your own partner page.',
      video_title: 'See how Legenett works',
      video_link: 'Watch the introduction video',
      regions_title: 'All of Norway',
      regions_lead: 'Jobs, courses and colleagues in every county:',
      regions_error: 'The list of counties could not be loaded right now.',
      regions_retry: 'Try again',
      regions_label: 'Counties of Norway',
    },
    auth_slot: {
      login_title: 'Log in',
      register_title: 'Sign up',
      body: 'Log-in and sign-up with an HPR number and electronic ID open soon. Thank you for your patience!',
      close: 'Back to the home page',
    },
    coming_soon: {
      title: '{{area}} opens soon',
      body: 'We are building this part of Legenett right now. It will be available to logged-in members in one of the next releases.',
      back_home: 'To the home page',
      see_next: 'See what is coming',
      area_generic: 'This page',
    },
    not_found: {
      title: 'Page not found',
      text: 'The address you asked for does not exist, or the page has moved.',
      home_link: 'Go to the home page',
    },
    route_error: {
      chunk_title: 'The page could not be loaded',
      chunk_text: 'Loading the page took too long or the connection was lost. Check your network and try again.',
      generic_title: 'Something went wrong',
      generic_text: 'An unexpected error occurred. Try again, or go to the home page.',
      retry: 'Try again',
      home_link: 'Go to the home page',
    },
    about: {
      title: 'About Legenett',
      lead: 'Legenett is a professional network and career tool made for doctors and other health professionals in Norway.',
      mission_title: 'Why we exist',
      mission_text:
        'Doctors work in a fragmented landscape: information about positions, courses and professional initiatives is spread over many channels. Legenett gathers it in one place, in a closed community where you know the others are health professionals too.',
      members_title: 'Who can join',
      members_text:
        '- Doctors with an authorisation or licence\n- Medical students with a student licence\n- Other health personnel registered in the Health Personnel Register (HPR)\n- Companies and organisations can create partner pages managed by a member',
      verification_title: 'How we verify members',
      verification_text:
        'When you sign up you confirm your identity with electronic ID. Your HPR number is checked against the Health Personnel Register. If we cannot confirm you automatically, an administrator reviews your profile before you get access to content.',
      contact_title: 'Contact',
      contact_text: 'Questions, feedback or partnership ideas? Write to post@legenett.no.',
    },
    next: {
      title: 'Coming next',
      lead: 'Legenett is built in stages. These are the next steps:',
      items:
        '- Log-in and sign-up with electronic ID and HPR check, with two-step authentication\n- Jobs and marketplace\n- Feed, posts, partner companies, profiles and notifications\n- Courses and webinars with sign-up and live streaming\n- Petitions with signatures, co-authors and press releases\n- Videos and audio archive for confirmed health personnel\n- Lunch meetings, small groups and Legenett TV',
      feedback: 'Missing something? Tell us at post@legenett.no.',
    },
    pages: {
      doctors_title: 'For doctors',
      doctors_text:
        'Find your next position or locum, keep up to date with courses and webinars, and discuss with colleagues across the country.\n\n- Jobs filtered by speciality, workplace and county\n- Courses and webinars with reminders\n- Petitions and professional engagement\n- Videos and audio archive',
      students_title: 'For medical students',
      students_text:
        'With a student licence you can join, find summer jobs and locums, and build a network before you graduate.\n\n- Locums and summer jobs\n- Courses and webinars\n- Contact with experienced colleagues',
      companies_title: 'For companies and organisations',
      companies_text:
        'As a partner company you reach health professionals directly: publish posts, positions, courses and products from the company page. A partner page is managed by a verified member.\n\n- Your own company page with followers\n- Job ads and courses\n- Products in the marketplace',
      back_home: 'To the home page',
    },
    privacy: {
      title: 'Terms and privacy',
      updated: 'Last updated: 1 January 2026',
      intro:
        'Here we explain which personal data Legenett processes, why, for how long, and which rights you have under the General Data Protection Regulation (GDPR) and the Norwegian Personal Data Act. The terms of use follow further down.',
      controller_title: 'Data controller',
      controller_text:
        'Legenett is the data controller for the data processed in the service. Questions about privacy go to personvern@legenett.no.',
      data_title: 'Which data we process',
      data_text:
        '- Account data: name, e-mail address, mobile number and password (stored only as a secure hash)\n- Identity confirmation: the result of logging in with electronic ID; the national identity number is used only to confirm your identity and to look you up in the Health Personnel Register\n- Professional data: HPR number, authorisation, specialities, workplace, work experience and education\n- Content you add yourself: posts, comments, jobs, courses, products, petitions and signatures\n- Technical data: log-in times, IP address and error logs needed to run the service securely',
      hpr_title: 'Confirming health personnel (HPR)',
      hpr_text:
        'When you sign up we check your HPR number against the Health Personnel Register, kept by the Norwegian Directorate of Health. We store the result (confirmed or not) and your authorisation, and no more than we need. If we cannot confirm you automatically, an administrator reviews your application by hand.',
      purpose_title: 'Purposes and legal basis',
      purpose_text:
        '- Delivering the service you asked for and keeping it for health personnel: contract (GDPR art. 6(1)(b))\n- Security, abuse prevention and troubleshooting: legitimate interest (art. 6(1)(f))\n- Webinar reminders by SMS and e-mail: consent, which you can withdraw in your settings (art. 6(1)(a))\n- Meeting legal duties, such as accounting for partner companies: legal obligation (art. 6(1)(c))',
      sensitive_title: 'No patient information',
      sensitive_text:
        'Legenett is not a medical records system. Never share information that can identify patients. The duty of confidentiality under the Health Personnel Act applies here too, and content that breaks it is removed.',
      sharing_title: 'Who the data is shared with',
      sharing_text:
        'Your profile is visible to other logged-in members. We never sell data. We use processors for hosting, e-mail and SMS within the EU/EEA, bound by data processing agreements.',
      storage_title: 'Storage and deletion',
      storage_text:
        'Data is stored within the EU/EEA. When you delete your account, your profile, files and sessions are deleted at once; content others have replied to is anonymised. Backups are deleted within 35 days and technical logs within 90 days.',
      cookies_title: 'Cookies and local storage',
      cookies_text:
        'We use only what the service needs to work: a cookie for your log-in, and local storage of your language, light or dark skin and that you have seen this notice. We use no tracking or advertising.',
      rights_title: 'Your rights',
      rights_text:
        'You can ask for access, correction, deletion, restriction and data portability, and you can object to processing. You can download your own data and delete your account in your profile settings. You can also complain to the Norwegian Data Protection Authority (Datatilsynet, datatilsynet.no).',
      terms_title: 'Terms of use',
      terms_text:
        '- The service is for doctors, medical students with a student licence and other health personnel\n- The information you give about yourself must be correct\n- You are responsible for the content you publish and must behave professionally and respectfully\n- Sharing sensitive data or patient information is not allowed\n- We may remove content and close accounts that break these terms\n- You can delete your account at any time',
    },
    footer: {
      label: 'Footer',
      rights: '© {{year}} Legenett',
      made_for: 'Made for health professionals in Norway',
    },
    cookie: {
      label: 'Cookies',
      text: 'Legenett only uses cookies and local storage needed for log-in, language and skin. No tracking.',
      accept: 'I understand',
      more: 'Read more',
    },
    maintenance: {
      title: 'Maintenance',
      text: 'Legenett is under maintenance right now. Please try again in a few minutes.',
      retry: 'Reload',
    },
    paged_list: {
      pagination: 'Pages',
      previous: 'Previous page',
      next: 'Next page',
      page: 'Page {{page}}',
      load_error: 'Could not load the list. Please try again later.',
    },
    toast: {
      error_title: 'Something went wrong',
      warning_title: 'Check the fields',
      network_error: 'Could not reach the server. Check your network connection.',
    },
  },
);
