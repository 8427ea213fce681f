/**
 * Saves a file the browser already holds under `name`. Staff downloads come from the API with the
 * token in a header, so a plain link cannot fetch them: the page fetches the file and saves the blob.
 */
export function saveFile(content: Blob | string, name: string, type = 'text/plain;charset=utf-8') {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
