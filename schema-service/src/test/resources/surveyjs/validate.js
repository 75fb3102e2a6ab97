// Validates metadata blobs with SurveyJS's own engine (survey-core), as the PASS UI's form does.
// stdin: {"survey": <survey JSON>, "blobs": [<blob>, ...]}
// stdout: [{"hasErrors": bool, "questions": [names of the questions in error]}, ...], one per blob
const { Model } = require('survey-core');

const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const results = input.blobs.map((blob) => {
  const survey = new Model(input.survey);
  survey.data = blob;
  const valid = survey.validate(false, false);
  const questions = survey.getAllQuestions().filter((q) => q.errors.length > 0).map((q) => q.name);
  return { hasErrors: !valid, questions };
});
process.stdout.write(JSON.stringify(results));
