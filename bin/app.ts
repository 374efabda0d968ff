import { fileURLToPath } from 'node:url';
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AppStack } from '../lib/app-stack';
import { DeploySettingsError, readDeploySettings, readWebAssetDir } from '../lib/config';

const app = new App();
try {
  const settings = readDeploySettings(app.node);
  const web = readWebAssetDir(app.node, fileURLToPath(new URL('..', import.meta.url)));
  new AppStack(app, 'SchoolDirectory', {
    env: { region: settings.region },
    settings,
    webAssetDir: web.dir,
    webAssetIsPlaceholder: web.placeholder,
  });
} catch (error) {
  if (!(error instanceof DeploySettingsError)) throw error;
  console.error(error.message);
  process.exit(1);
}
Tags.of(app).add('project', 'school-directory');
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
