// The schema workbench: chooses repositories, stored schemas and drafts, shows the service's preview
// of them (problems, the SurveyJS form, the files to take away) and validates the form's answers on
// the server. Every text from a schema or an answer is set as text (textContent, SurveyJS's own
// text rendering), never as markup, so nothing a draft holds can run in the page.
'use strict';

(function () {
  const base = window.location.pathname.replace(/\/+$/, '');
  const service = base.replace(/\/workbench$/, '');
  const drafts = [];
  let survey = null;
  let previewed = null;

  const $ = (id) => document.getElementById(id);

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) {
      node.textContent = text;
    }
    if (className) {
      node.className = className;
    }
    return node;
  }

  function xsrfToken() {
    const cookie = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
    return cookie ? decodeURIComponent(cookie.substring('XSRF-TOKEN='.length)) : '';
  }

  async function call(method, url, body) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['X-XSRF-TOKEN'] = xsrfToken();
    }
    const response = await fetch(url, {
      method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body),
    });
    let answer = null;
    try {
      answer = await response.json();
    } catch (e) {
      answer = { error: 'The service answered ' + response.status + ' without JSON.' };
    }
    if (!response.ok) {
      throw new Error(answer && answer.error ? answer.error : 'The service answered ' + response.status + '.');
    }
    return answer;
  }

  function checkbox(container, name, value, text) {
    const label = element('label');
    const input = element('input');
    input.type = 'checkbox';
    input.name = name;
    input.value = value;
    label.append(input, ' ', text);
    container.append(label);
  }

  async function loadCatalog() {
    const catalog = await call('GET', base + '/catalog');
    const repositories = $('repositories');
    catalog.repositories.forEach((r) => checkbox(repositories, 'repository', String(r.id),
      (r.name || 'Repository') + ' (id ' + r.id + '): ' + (r.schemas.length ? r.schemas.join(', ') : 'no schemas')));
    if (catalog.repositories.length === 0) {
      repositories.append(element('p', 'No repositories in the database.', 'none'));
    }
    $('repositories-truncated').hidden = !catalog.truncated;
    const schemas = $('schemas');
    catalog.schemas.forEach((s) => checkbox(schemas, 'schema', s.id || s.path,
      (s.id || s.path) + ' [' + s.source + (s.problem ? ', unusable: ' + s.problem : '') + ']'));
  }

  function showDrafts() {
    const list = $('drafts');
    list.replaceChildren();
    if (drafts.length === 0) {
      list.append(element('li', 'None.', 'none'));
    }
    drafts.forEach((draft, index) => {
      const item = element('li', draft.path + ' (' + draft.text.length + ' characters) ');
      const remove = element('button', 'Remove');
      remove.type = 'button';
      remove.setAttribute('aria-label', 'Remove draft ' + draft.path);
      remove.addEventListener('click', () => {
        drafts.splice(index, 1);
        showDrafts();
      });
      item.append(remove);
      list.append(item);
    });
  }

  function addDraft(path, text) {
    const existing = drafts.findIndex((d) => d.path === path);
    if (existing >= 0) {
      drafts[existing] = { path, text };
    } else {
      drafts.push({ path, text });
    }
    showDrafts();
  }

  function selection() {
    const checked = (name) => Array.from(document.querySelectorAll('input[name=' + name + ']:checked')).map((i) => i.value);
    return {
      repositories: checked('repository').map(Number),
      schemas: checked('schema'),
      drafts: drafts.slice(),
    };
  }

  function setStatus(text) {
    $('status').textContent = text;
  }

  function showProblems(problems) {
    const list = $('problems');
    list.replaceChildren();
    problems.forEach((p) => list.append(withPointer(p)));
    $('problems-box').hidden = problems.length === 0;
  }

  // A message whose JSON Pointer ("at /definitions/...", "#/definitions/...") is set apart, as text.
  function withPointer(message) {
    const item = element('li');
    const match = /(#?\/[^\s:,;()]*)/.exec(message);
    if (!match) {
      item.textContent = message;
      return item;
    }
    item.append(message.substring(0, match.index), element('span', match[1], 'pointer'),
      message.substring(match.index + match[1].length));
    return item;
  }

  function downloadLink(name, text) {
    const link = element('a', 'Download ' + name);
    link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    link.download = name.substring(name.lastIndexOf('/') + 1);
    return link;
  }

  function takeaway(title, fileName, text) {
    const box = element('div', undefined, 'takeaway');
    const heading = element('h3', title);
    const pre = element('pre', text);
    pre.tabIndex = 0;
    pre.setAttribute('aria-label', title);
    box.append(heading, downloadLink(fileName, text), pre);
    return box;
  }

  function showTakeaways(answer) {
    const box = $('takeaways');
    box.replaceChildren();
    if (answer.surveyjs) {
      box.append(takeaway('surveyjs.json', 'surveyjs.json', JSON.stringify(answer.surveyjs, null, 2)));
      box.append(takeaway('repository.json', 'repository.json', JSON.stringify(answer.repositoryJson, null, 2)));
    }
    (answer.files || []).forEach((f) => box.append(takeaway('SCHEMA_SERVICE_DIR/' + f.path, f.path, f.text)));
  }

  function showDocuments(answer) {
    const list = $('documents');
    list.replaceChildren();
    (answer.documents || []).forEach((d) => list.append(element('li', (d.id || d.path) + ' (' + d.path + ', ' + d.source + ')')));
  }

  function showForm(json) {
    const container = $('survey');
    $('validation').textContent = '';
    $('validation-errors').replaceChildren();
    if (!window.Survey || !window.SurveyUI) {
      $('no-libraries').hidden = false;
      return;
    }
    survey = new window.Survey.Model(json);
    survey.showCompleteButton = false;
    survey.showNavigationButtons = false;
    window.SurveyUI.renderSurvey(survey, container);
    $('validate').disabled = false;
  }

  async function preview() {
    setStatus('Previewing…');
    $('validate').disabled = true;
    try {
      const chosen = selection();
      const answer = await call('POST', base + '/preview', chosen);
      previewed = chosen;
      const problems = answer.errors.slice();
      if (answer.conflict) {
        problems.push('Merge: ' + answer.conflict);
      }
      showProblems(problems);
      showDocuments(answer);
      showTakeaways(answer);
      if (answer.surveyjs) {
        showForm(answer.surveyjs);
      } else {
        $('survey').replaceChildren();
      }
      setStatus(answer.errors.length ? 'The service would refuse this selection (409): see the problems.'
        : answer.conflict ? 'The schemas do not merge: see the problem; the form is still shown.' : 'Preview ready.');
    } catch (e) {
      showProblems([e.message]);
      setStatus('The preview was refused.');
    }
  }

  // "/authors/0/author" belongs to the question "authors".
  function questionOf(pointer) {
    const first = pointer.split('/')[1];
    return first === undefined ? null : survey.getQuestionByName(first.replace(/~1/g, '/').replace(/~0/g, '~'));
  }

  async function validate() {
    const blob = survey.data;
    const onlyRepositories = previewed.drafts.length === 0 && previewed.schemas.length === 0;
    const outcome = $('validation');
    const list = $('validation-errors');
    outcome.className = '';
    outcome.textContent = 'Validating…';
    list.replaceChildren();
    survey.getAllQuestions().forEach((q) => q.errors.splice(0, q.errors.length));
    try {
      const report = onlyRepositories
        ? await call('POST', service + '/validate?entityIds=' + previewed.repositories.join(','), blob)
        : await call('POST', base + '/validate', Object.assign({}, previewed, { blob }));
      if (report.valid) {
        outcome.className = 'valid';
        outcome.textContent = 'Valid: the service accepts these answers.';
        return;
      }
      outcome.textContent = 'Not valid: ' + report.errors.length + ' error(s)' + (report.truncated ? ' (more not listed)' : '') + '.';
      report.errors.forEach((error) => {
        list.append(withPointer((error.pointer || '/') + ': ' + error.message + ' (' + error.schema + ')'));
        const question = questionOf(error.pointer || '');
        if (question) {
          question.addError(new window.Survey.SurveyError(error.message));
        }
      });
    } catch (e) {
      outcome.textContent = 'Validation refused: ' + e.message;
    }
  }

  function uploadFiles(event) {
    const folder = $('draft-folder').value.trim() || 'drafts';
    Array.from(event.target.files).forEach((file) => {
      file.text().then((text) => addDraft(folder + '/' + file.name, text));
    });
    event.target.value = '';
  }

  document.addEventListener('DOMContentLoaded', () => {
    $('workbench').hidden = false;
    $('no-libraries').hidden = Boolean(window.Survey && window.SurveyUI);
    $('draft-files').addEventListener('change', uploadFiles);
    $('draft-add').addEventListener('click', () => {
      const path = $('draft-path').value.trim();
      if (!path) {
        setStatus('Give the pasted draft a path, e.g. jhu/nihms.json.');
        $('draft-path').focus();
        return;
      }
      addDraft(path, $('draft-text').value);
      $('draft-text').value = '';
    });
    $('preview').addEventListener('click', preview);
    $('validate').addEventListener('click', validate);
    loadCatalog().catch((e) => showProblems(['The choices could not be loaded: ' + e.message]));
  });
}());
