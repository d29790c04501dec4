// Run by Deno (not Node) in test/netlify-edge.e2e.test.ts: imports the built
// Netlify Edge Function, calls it as Netlify would for each request target read
// from stdin (a JSON array of "/path?query"), with the site at the origin given
// as the first argument, and prints a JSON array of what it gave: a response
// (status, the headers the tests read, body text) or `null` where it passed the
// request on to the static files. Its module is the second argument.

const [origin, modulePath] = Deno.args;
const targets = JSON.parse(await new Response(Deno.stdin.readable).text());
const edgeFunction = (await import(new URL(modulePath, 'file:///').href)).default;
const context = { next: () => Promise.reject(new Error('the function should pass on by returning nothing')) };
const answers = [];
for (const target of targets) {
  const response = await edgeFunction(new Request(`${origin}${target}`), context);
  answers.push(
    response === undefined
      ? null
      : {
          status: response.status,
          cors: response.headers.get('access-control-allow-origin'),
          type: response.headers.get('content-type'),
          body: await response.text(),
        },
  );
}
console.log(JSON.stringify(answers));
