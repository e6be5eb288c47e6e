// The text of an incoming email as staff read it (docs/conversations.md, "What is shown and kept"): the text
// shown in the thread with the quoted history and the signature trimmed, line by line (HTML-only mail is
// made text first: html-text.ts).
//
// The trimming is ours, not a package's: email-reply-parser (the usual choice) was tried on the same samples
// and trims them well, but without the native `re2` module (which would have to be built at install time)
// some of its patterns backtrack without bound (a made-up 45 kB text took 287 s of CPU). These rules read
// each line once, test at most the first 400 characters of a line with anchored patterns, and look at the
// first 3,000 lines: the cost grows with the text, never faster.

/** Removes what PostgreSQL text cannot hold (NUL) and makes every line end a plain `\n`. */
export function cleanText(text: string): string {
  return text.replace(/\u0000/g, '').replace(/\r\n?/g, '\n');
}

const maxLines = 3000;
const cap = (line: string | undefined) => (line ?? '').slice(0, 400).trim();

/** "On <date>, <name> <address> wrote:" and its translations (Gmail, Apple Mail, Thunderbird...), on one to three lines. */
const attribution =
  /^(On|Le|El|Am|Op|Il|Em|Den|W dniu|Dnia)\s.{0,600}\s(wrote|a écrit|escribió|escribio|schrieb|schreef|ha scritto|escreveu|skrev|napisał|napisal|kirjoitti|írta|написал)\s?:$/i;
/** "Am <date> schrieb <name> <address>:" (German, Dutch, Danish: the name after the verb). */
const attributionNameLast = /^(Am|Op|Den)\s.{0,300}\s(schrieb|schreef|skrev)\s.{1,300}:$/i;
/** "-----Original Message-----" and its translations (Outlook, Lotus...). */
const originalMessage =
  /^-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale|oorspronkelijk bericht|oprindelig meddelelse|originalmeddelande|mensagem original)\s*-{2,}$/i;
/** The first line of Outlook's header block: From: ... (then Sent:/Date: and To:/Subject: within a few lines). */
const headerFrom = /^\*?(From|Von|De|Van|Da|Fra|Från|Od|Lähettäjä)\s?:\*?\s?\S/i;
const headerSent = /^\*?(Sent|Date|Gesendet|Datum|Envoyé|Date d'envoi|Enviado|Fecha|Verzonden|Inviato|Data|Sendt|Skickat|Lähetetty)\s?:\*?\s?\S/i;
const headerTo = /^\*?(To|Subject|An|Betreff|À|Objet|Para|Asunto|Aan|Onderwerp|A|Oggetto|Til|Emne|Till|Ämne|Vastaanottaja|Aihe)\s?:\*?/i;
/** "Name <address> wrote:" or "Name wrote:" just before a quoted block. */
const wroteLine = /^.{1,300}\s(wrote|a écrit|escribió|schrieb|schreef|ha scritto|escreveu|skrev)\s?:$/i;
/** The mobile signatures mail apps add on the last line. */
const sentFrom =
  /^(Sent from my \S.{0,60}|Sent from (Outlook|Mail|Yahoo Mail|Proton Mail)\b.{0,60}|Get Outlook for \S.{0,40}|Envoyé de mon \S.{0,40}|Von meinem \S.{0,60} gesendet|Enviado desde mi \S.{0,40}|Verstuurd vanaf mijn \S.{0,40})$/i;

/** Whether the quoted history starts at line `i`. */
function historyStarts(lines: string[], i: number): boolean {
  const line = cap(lines[i]);
  if (!line) return false;
  if (originalMessage.test(line)) return true;
  if (/^(On|Le|El|Am|Op|Il|Em|Den|W dniu|Dnia)\s/i.test(line)) {
    // Gmail folds a long attribution over two or three lines; it always holds a date (a digit).
    for (let n = 1; n <= 3; n++) {
      const joined = lines.slice(i, i + n).map(cap).join(' ');
      if (/\d/.test(joined) && (attribution.test(joined) || attributionNameLast.test(joined))) return true;
    }
  }
  if (/^_{10,}$/.test(line)) return headerFrom.test(cap(lines.slice(i + 1, i + 3).find((l) => l.trim())));
  if (headerFrom.test(line)) {
    const next = lines.slice(i + 1, i + 6).map(cap);
    return next.some((l) => headerSent.test(l)) && next.some((l) => headerTo.test(l));
  }
  return false;
}

const quoted = (line: string | undefined) => /^\s{0,3}>/.test(line ?? '');
const blank = (line: string | undefined) => !(line ?? '').trim();

/**
 * The text shown in the thread: `text` without the quoted history that follows the answer (an attribution
 * line, Outlook's header block or "Original Message" line and what follows; a trailing block of `> `
 * lines), and without a trailing signature (after `-- `, at most 15 lines) or mobile signature ("Sent from
 * my iPhone"). Quotes between the answer's own paragraphs stay (they are its context). Null when nothing
 * was trimmed, or when trimming would leave nothing (a forwarded or wholly quoted message is shown whole).
 */
export function trimReply(text: string): string | null {
  const lines = text.split('\n');
  const n = Math.min(lines.length, maxLines);
  let end = lines.length;
  for (let i = 0; i < n; i++) {
    if (historyStarts(lines, i)) {
      end = i;
      break;
    }
  }
  if (end === lines.length && lines.length > maxLines) return null;
  // A trailing quoted block (and the "... wrote:" line before it).
  let j = end;
  while (j > 0 && blank(lines[j - 1])) j--;
  let k = j;
  while (k > 0 && (quoted(lines[k - 1]) || blank(lines[k - 1]))) k--;
  if (k < j && lines.slice(k, j).some(quoted)) {
    end = k;
    let w = k;
    while (w > 0 && blank(lines[w - 1])) w--;
    if (w > 0 && wroteLine.test(cap(lines[w - 1]))) end = w - 1;
  }
  // A signature: the standard "-- " line with at most 15 lines after it, or a mobile app's last line.
  for (let i = end - 1; i >= 0 && i >= end - 16; i--) {
    if (lines[i] === '-- ' || lines[i] === '--') {
      end = i;
      break;
    }
  }
  let last = end;
  while (last > 0 && blank(lines[last - 1])) last--;
  if (last > 0 && sentFrom.test(cap(lines[last - 1]))) end = last - 1;
  const shown = lines.slice(0, end).join('\n').trimEnd();
  if (!shown.trim() || shown === text.trimEnd()) return null;
  return shown;
}
